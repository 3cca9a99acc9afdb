import { MigrationInterface, QueryRunner } from "typeorm";

export class CatalogTaxonomy1795400426398 implements MigrationInterface {
    name = 'CatalogTaxonomy1795400426398'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "product_categories" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "slug" character varying(255) NOT NULL,
                "active" boolean NOT NULL DEFAULT true,
                "display_order" integer NOT NULL DEFAULT '0',
                "parent_id" uuid,
                "image" character varying(1024),
                "images" text array NOT NULL DEFAULT '{}',
                "show_in_menu" boolean NOT NULL DEFAULT true,
                "show_in_search" boolean NOT NULL DEFAULT true,
                CONSTRAINT "PK_7069dac60d88408eca56fdc9e0c" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_categories_external_reference" ON "product_categories" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_categories_display_order" ON "product_categories" ("workspace_id", "display_order")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_categories_parent" ON "product_categories" ("workspace_id", "parent_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_categories__slug" ON "product_categories" ("workspace_id", "slug")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_attributes" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                CONSTRAINT "PK_4fa18fc5c893cb9894fc40ca921" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_attributes_external_reference" ON "product_attributes" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_attributes_name" ON "product_attributes" ("workspace_id", "name")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_attribute_categories" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "attribute_id" uuid NOT NULL,
                "category_id" uuid NOT NULL,
                CONSTRAINT "PK_6000e3d979d041e94654610f4fb" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_attribute_categories_category" ON "product_attribute_categories" ("workspace_id", "category_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_attribute_categories__category_ids" ON "product_attribute_categories" ("workspace_id", "attribute_id", "category_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "brands" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "image_url" character varying(1024),
                "description" text,
                "website" character varying(1024),
                CONSTRAINT "PK_b0c437120b624da1034a81fc561" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_brands_external_reference" ON "brands" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_brands_name" ON "brands" ("workspace_id", "name")
        `);
        await queryRunner.query(`
            CREATE TABLE "catalogs" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "description" text,
                "active" boolean NOT NULL DEFAULT true,
                CONSTRAINT "PK_1883399275415ee6107413fe6c3" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_catalogs_external_reference" ON "catalogs" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_catalogs_name" ON "catalogs" ("workspace_id", "name")
        `);
        await queryRunner.query(`
            CREATE TABLE "category_display_contents" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "product_category_id" uuid NOT NULL,
                "language" character varying(10) NOT NULL,
                "title" character varying(255) NOT NULL,
                "description_format" character varying(10) NOT NULL DEFAULT 'Markdown',
                "excerpt" text,
                "description" text,
                "seo_meta_title" character varying(255),
                "seo_meta_description" text,
                "seo_keywords" text array NOT NULL DEFAULT '{}',
                CONSTRAINT "ck_category_display_contents__description_format" CHECK ("description_format" IN ('Markdown', 'Html')),
                CONSTRAINT "PK_b8ccc5b2e75044a7d91ae716158" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_category_display_contents_external_reference" ON "category_display_contents" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_category_display_contents_language" ON "category_display_contents" ("workspace_id", "language")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_category_display_contents__language" ON "category_display_contents" (
                "workspace_id",
                "product_category_id",
                "language"
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "manufacturers" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "description" text,
                "website" character varying(1024),
                "email" character varying(255),
                "phone_number" character varying(255),
                CONSTRAINT "PK_138520de32c379a48e703441975" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_manufacturers_external_reference" ON "manufacturers" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_manufacturers_name" ON "manufacturers" ("workspace_id", "name")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_filters" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "attribute_id" uuid NOT NULL,
                "category_id" uuid,
                "kind" character varying(10) NOT NULL,
                "display_order" integer NOT NULL DEFAULT '0',
                "title" character varying(255),
                CONSTRAINT "ck_product_filters__kind" CHECK ("kind" IN ('List', 'Range', 'Boolean')),
                CONSTRAINT "PK_14ea310a31a40fc423c23ba0116" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_filters_category" ON "product_filters" ("workspace_id", "category_id", "display_order")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "FK_285921b64095922866801f8b751" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "FK_5f151d414daab0290f65b517ed4" FOREIGN KEY ("parent_id") REFERENCES "product_categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes"
            ADD CONSTRAINT "FK_d5f4da1054340faa51409f574f1" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_639d1284abf5c88c83d222e1c9b" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_8932d4a8864528502792ae05ff2" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_16f769ba7f32d984780bf5a3f10" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "brands"
            ADD CONSTRAINT "FK_a3aa0fff4ae9b4a764159e8a2df" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs"
            ADD CONSTRAINT "FK_4452f1434952f14bc1e66f5aa8f" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "FK_93831fc3de764c40874063ca42a" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "FK_b52bcdcdd46cec98713991d4a1d" FOREIGN KEY ("product_category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers"
            ADD CONSTRAINT "FK_93adf2836cadec9f406547b65d4" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_f810ae35d6bb56f35bf19c9d0c1" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_2a0f84c7961ba13ac792b4b2e2e" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_e2c001f6d8744c77513f1367e30" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Hand-written: one filter per (attribute, category), "every category" (null) counting as one value.
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_filters__attribute_id" ON "product_filters" (
                "workspace_id",
                "attribute_id",
                COALESCE("category_id", '00000000-0000-0000-0000-000000000000'::uuid)
            )
        `);
        // Hand-written: a category is never its own parent (longer cycles are refused by the service).
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "ck_product_categories__parent_id" CHECK ("parent_id" IS NULL OR "parent_id" <> "id")
        `);
        // Hand-written: case-insensitive sorting by name (SortBy=Name) of the larger taxonomies.
        await queryRunner.query(`
            CREATE INDEX "ix_product_categories_lower_name" ON "product_categories" ("workspace_id", lower("name"), "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_attributes_lower_name" ON "product_attributes" ("workspace_id", lower("name"), "id")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_product_attributes_lower_name"`);
        await queryRunner.query(`DROP INDEX "public"."ix_product_categories_lower_name"`);
        await queryRunner.query(`ALTER TABLE "product_categories" DROP CONSTRAINT "ck_product_categories__parent_id"`);
        await queryRunner.query(`DROP INDEX "public"."uq_product_filters__attribute_id"`);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_e2c001f6d8744c77513f1367e30"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_2a0f84c7961ba13ac792b4b2e2e"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_f810ae35d6bb56f35bf19c9d0c1"
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers" DROP CONSTRAINT "FK_93adf2836cadec9f406547b65d4"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "FK_b52bcdcdd46cec98713991d4a1d"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "FK_93831fc3de764c40874063ca42a"
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs" DROP CONSTRAINT "FK_4452f1434952f14bc1e66f5aa8f"
        `);
        await queryRunner.query(`
            ALTER TABLE "brands" DROP CONSTRAINT "FK_a3aa0fff4ae9b4a764159e8a2df"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_16f769ba7f32d984780bf5a3f10"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_8932d4a8864528502792ae05ff2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_639d1284abf5c88c83d222e1c9b"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes" DROP CONSTRAINT "FK_d5f4da1054340faa51409f574f1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "FK_5f151d414daab0290f65b517ed4"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "FK_285921b64095922866801f8b751"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_filters_category"
        `);
        await queryRunner.query(`
            DROP TABLE "product_filters"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_manufacturers_name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_manufacturers_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "manufacturers"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_category_display_contents__language"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_category_display_contents_language"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_category_display_contents_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "category_display_contents"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_catalogs_name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_catalogs_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "catalogs"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_brands_name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_brands_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "brands"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_attribute_categories__category_ids"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_attribute_categories_category"
        `);
        await queryRunner.query(`
            DROP TABLE "product_attribute_categories"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_attributes_name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_attributes_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "product_attributes"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_categories__slug"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_categories_parent"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_categories_display_order"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_categories_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "product_categories"
        `);
    }

}
