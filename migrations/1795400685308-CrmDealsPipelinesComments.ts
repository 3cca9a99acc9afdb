import { MigrationInterface, QueryRunner } from "typeorm";

export class CrmDealsPipelinesComments1795400685308 implements MigrationInterface {
    name = 'CrmDealsPipelinesComments1795400685308'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "comments" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "entity_id" uuid NOT NULL,
                "entity_type" character varying(50) NOT NULL,
                "body" text NOT NULL,
                "body_format" character varying(10) NOT NULL,
                "is_edited" boolean NOT NULL DEFAULT false,
                "author_id" uuid,
                "author_type" character varying(20) NOT NULL,
                CONSTRAINT "ck_comments__entity_type" CHECK (
                    "entity_type" IN (
                        'Account',
                        'Contact',
                        'Deal',
                        'Product',
                        'SalesOrder',
                        'ProductCategory',
                        'Location'
                    )
                ),
                CONSTRAINT "ck_comments__body_format" CHECK ("body_format" IN ('Text', 'Json', 'Markdown')),
                CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_comments_external_reference" ON "comments" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_comments_created_at" ON "comments" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_comments_entity" ON "comments" ("workspace_id", "entity_id", "created_at")
        `);
        await queryRunner.query(`
            CREATE TABLE "pipelines" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "title" character varying(255) NOT NULL,
                "description" text,
                "tags" text array NOT NULL DEFAULT '{}',
                "custom_fields" jsonb NOT NULL DEFAULT '[]',
                CONSTRAINT "PK_e38ea171cdfad107c1f3db2c036" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_pipelines_external_reference" ON "pipelines" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_pipelines_title" ON "pipelines" ("workspace_id", "title", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "pipeline_statuses" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "pipeline_id" uuid NOT NULL,
                "title" character varying(255) NOT NULL,
                "display_order" integer NOT NULL,
                "success_rate" integer NOT NULL,
                "kind" character varying(10) NOT NULL,
                CONSTRAINT "ck_pipeline_statuses__kind" CHECK ("kind" IN ('Open', 'Won', 'Lost')),
                CONSTRAINT "ck_pipeline_statuses__success_rate" CHECK (
                    "success_rate" BETWEEN 0 AND 100
                ),
                CONSTRAINT "PK_5920e66fd1613399e18b0414dce" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_pipeline_statuses__id" ON "pipeline_statuses" ("workspace_id", "pipeline_id", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "deals" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "title" character varying(255) NOT NULL,
                "description" text,
                "expected_revenue" numeric(18, 2),
                "pipeline_id" uuid NOT NULL,
                "status_id" uuid NOT NULL,
                "status_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "archived" boolean NOT NULL DEFAULT false,
                "tags" text array NOT NULL DEFAULT '{}',
                "owner_id" uuid,
                "account_id" uuid,
                "success_rate" integer NOT NULL,
                "start_date" date,
                "end_date" date,
                "custom_fields" jsonb NOT NULL DEFAULT '{}',
                CONSTRAINT "ck_deals__end_date" CHECK (
                    "end_date" IS NULL
                    OR "start_date" IS NULL
                    OR "end_date" >= "start_date"
                ),
                CONSTRAINT "ck_deals__success_rate" CHECK (
                    "success_rate" BETWEEN 0 AND 100
                ),
                CONSTRAINT "ck_deals__expected_revenue" CHECK ("expected_revenue" >= 0),
                CONSTRAINT "PK_8c66f03b250f613ff8615940b4b" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_external_reference" ON "deals" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_status_modified_at" ON "deals" ("workspace_id", "status_modified_at")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_account" ON "deals" ("workspace_id", "account_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_owner" ON "deals" ("workspace_id", "owner_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_pipeline_status" ON "deals" ("workspace_id", "pipeline_id", "status_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_title" ON "deals" ("workspace_id", "title", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_modified_at" ON "deals" ("workspace_id", "modified_at", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deals_created_at" ON "deals" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "deal_contacts" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "deal_id" uuid NOT NULL,
                "contact_id" uuid NOT NULL,
                "role" character varying(255),
                "position" integer NOT NULL,
                CONSTRAINT "PK_e5be20461b235feb7b347a803e6" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deal_contacts_contact" ON "deal_contacts" ("workspace_id", "contact_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_deal_contacts__contact_id" ON "deal_contacts" ("deal_id", "contact_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "deal_products" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "deal_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "quantity" numeric(18, 4) NOT NULL,
                "unit_price" numeric(18, 4) NOT NULL,
                "position" integer NOT NULL,
                CONSTRAINT "ck_deal_products__unit_price" CHECK ("unit_price" >= 0),
                CONSTRAINT "ck_deal_products__quantity" CHECK ("quantity" > 0),
                CONSTRAINT "PK_37d93e833e461dc00720be123dd" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deal_products_product" ON "deal_products" ("workspace_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_deal_products_deal" ON "deal_products" ("deal_id", "position")
        `);
        await queryRunner.query(`
            ALTER TABLE "comments"
            ADD CONSTRAINT "FK_2645b2d150408f9c5aede56a888" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines"
            ADD CONSTRAINT "FK_94a5878a03f707617b38b20c665" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "FK_a7b627798fc897cec923f1e718e" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "FK_4ec2824f0fcb5e5648c3f22dc41" FOREIGN KEY ("pipeline_id") REFERENCES "pipelines"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_6d0696dcb275b1754e3fc60bee8" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_9e8ce2b9d84c7fb97105ce7f007" FOREIGN KEY ("pipeline_id") REFERENCES "pipelines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0" FOREIGN KEY ("status_id", "workspace_id", "pipeline_id") REFERENCES "pipeline_statuses"("id", "workspace_id", "pipeline_id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_39cb9fb7b130a5e5f7c5e290665" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_2b97d1ea508c53e8e01e7feda68" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_a7bdf3249797c735d497d104314" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_66ca340eb0de0615ab6edad29a1" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_ebc2d30446c606fbd0dea7689e4" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_0b686b414b85df67ac62dd1e261" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_e7d5119b5ba2434bca2a2892b02" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_9f96055433856626fbe09b397bb" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        // Hand-written: GIN on deal tags (tags filter, used tags, masterdata tags) and trigram on the title (Query).
        await queryRunner.query(`CREATE INDEX "ix_deals_tags" ON "deals" USING GIN ("tags")`);
        await queryRunner.query(`CREATE INDEX "ix_deals_title_trgm" ON "deals" USING GIN ("title" gin_trgm_ops)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_deals_title_trgm"`);
        await queryRunner.query(`DROP INDEX "public"."ix_deals_tags"`);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_9f96055433856626fbe09b397bb"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_e7d5119b5ba2434bca2a2892b02"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_0b686b414b85df67ac62dd1e261"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_ebc2d30446c606fbd0dea7689e4"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_66ca340eb0de0615ab6edad29a1"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_a7bdf3249797c735d497d104314"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_2b97d1ea508c53e8e01e7feda68"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_39cb9fb7b130a5e5f7c5e290665"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_9e8ce2b9d84c7fb97105ce7f007"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_6d0696dcb275b1754e3fc60bee8"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "FK_4ec2824f0fcb5e5648c3f22dc41"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "FK_a7b627798fc897cec923f1e718e"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines" DROP CONSTRAINT "FK_94a5878a03f707617b38b20c665"
        `);
        await queryRunner.query(`
            ALTER TABLE "comments" DROP CONSTRAINT "FK_2645b2d150408f9c5aede56a888"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deal_products_deal"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deal_products_product"
        `);
        await queryRunner.query(`
            DROP TABLE "deal_products"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_deal_contacts__contact_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deal_contacts_contact"
        `);
        await queryRunner.query(`
            DROP TABLE "deal_contacts"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_modified_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_title"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_pipeline_status"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_owner"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_account"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_status_modified_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_deals_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "deals"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_pipeline_statuses__id"
        `);
        await queryRunner.query(`
            DROP TABLE "pipeline_statuses"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_pipelines_title"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_pipelines_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "pipelines"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_comments_entity"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_comments_created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_comments_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "comments"
        `);
    }

}
