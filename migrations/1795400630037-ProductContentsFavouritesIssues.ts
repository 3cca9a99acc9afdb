import { MigrationInterface, QueryRunner } from "typeorm";

export class ProductContentsFavouritesIssues1795400630037 implements MigrationInterface {
    name = 'ProductContentsFavouritesIssues1795400630037'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "product_display_contents" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "product_id" uuid NOT NULL,
                "language" character varying(10) NOT NULL,
                "title" character varying(255) NOT NULL,
                "description_format" character varying(10) NOT NULL DEFAULT 'Markdown',
                "excerpt" text,
                "description" text,
                "seo_meta_title" character varying(255),
                "seo_meta_description" text,
                "seo_keywords" text array NOT NULL DEFAULT '{}',
                CONSTRAINT "ck_product_display_contents__description_format" CHECK ("description_format" IN ('Markdown', 'Html')),
                CONSTRAINT "PK_16e29c52560d13021be370fa005" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_display_contents__external_reference" ON "product_display_contents" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_display_contents__title" ON "product_display_contents" ("workspace_id", "title", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_display_contents__language" ON "product_display_contents" ("workspace_id", "language")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_display_contents__product" ON "product_display_contents" ("product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_display_contents__language" ON "product_display_contents" ("workspace_id", "product_id", "language")
        `);
        await queryRunner.query(`
            CREATE TABLE "favourite_products" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "client_login_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "origin" character varying(16) NOT NULL DEFAULT 'Personal',
                CONSTRAINT "ck_favourite_products__origin" CHECK ("origin" IN ('Personal', 'Suggested')),
                CONSTRAINT "PK_b1c548ea8889405c2847b1ed650" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_favourite_products__external_reference" ON "favourite_products" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_favourite_products__product" ON "favourite_products" ("product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_favourite_products__created_at" ON "favourite_products" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_favourite_products__product_id" ON "favourite_products" ("workspace_id", "client_login_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_issue_ignores" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "issue" character varying(32) NOT NULL,
                "attribute_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "ck_product_issue_ignores__attribute_id" CHECK (
                    "attribute_id" IS NULL
                    OR "issue" = 'MissingAttributes'
                ),
                CONSTRAINT "ck_product_issue_ignores__issue" CHECK (
                    "issue" IN (
                        'MissingImages',
                        'MissingDescription',
                        'MissingAttributes'
                    )
                ),
                CONSTRAINT "PK_1acf20e713fab702bd4b65b09bb" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_issue_ignores__attribute" ON "product_issue_ignores" ("attribute_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_issue_ignores__product" ON "product_issue_ignores" ("product_id", "issue")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "FK_0f6bcce73897b2aa64412dff955" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "FK_09ccae85a6d5dcc955e9cb32ca5" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_28631af12a9cad7af166d8520aa" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_afec33ba3a7fd34bb56de290987" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_bf9a30fc0b88bb68c4b0eab9bbe" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_fb042f624961f5016beb8826a34" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_7f2a8d6b781a4d82ceb42b10bd2" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_d10a5278cf6636bf4989ee85c82" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Hand-written: one ignore per (product, issue, attribute), a null attribute (the whole issue) counting once.
        await queryRunner.query(
            `CREATE UNIQUE INDEX "uq_product_issue_ignores__ignored" ON "product_issue_ignores" ("workspace_id", "product_id", "issue", "attribute_id") NULLS NOT DISTINCT`,
        );
        // Hand-written: deleting a client login cascades to its favourites through this index.
        await queryRunner.query(`CREATE INDEX "ix_favourite_products__client_login" ON "favourite_products" ("client_login_id")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_favourite_products__client_login"`);
        await queryRunner.query(`DROP INDEX "public"."uq_product_issue_ignores__ignored"`);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_d10a5278cf6636bf4989ee85c82"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_7f2a8d6b781a4d82ceb42b10bd2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_fb042f624961f5016beb8826a34"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_bf9a30fc0b88bb68c4b0eab9bbe"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_afec33ba3a7fd34bb56de290987"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_28631af12a9cad7af166d8520aa"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "FK_09ccae85a6d5dcc955e9cb32ca5"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "FK_0f6bcce73897b2aa64412dff955"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_issue_ignores__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_issue_ignores__attribute"
        `);
        await queryRunner.query(`
            DROP TABLE "product_issue_ignores"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_favourite_products__product_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_favourite_products__created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_favourite_products__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_favourite_products__external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "favourite_products"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_display_contents__language"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_display_contents__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_display_contents__language"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_display_contents__title"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_display_contents__external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "product_display_contents"
        `);
    }

}
