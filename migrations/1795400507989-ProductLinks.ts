import { MigrationInterface, QueryRunner } from "typeorm";

export class ProductLinks1795400507989 implements MigrationInterface {
    name = 'ProductLinks1795400507989'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "product_attribute_values" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "attribute_id" uuid NOT NULL,
                "values" text array NOT NULL DEFAULT '{}',
                CONSTRAINT "PK_b124baf1272037deac1c21cffe1" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_attribute_values__attribute" ON "product_attribute_values" ("workspace_id", "attribute_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_attribute_values__attributes" ON "product_attribute_values" ("workspace_id", "product_id", "attribute_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_catalog_links" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "catalog_id" uuid NOT NULL,
                CONSTRAINT "PK_8ab025d8a4674b05f835227b12e" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_catalog_links__catalog" ON "product_catalog_links" ("workspace_id", "catalog_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_catalog_links__catalogs" ON "product_catalog_links" ("workspace_id", "product_id", "catalog_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_category_links" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "category_id" uuid NOT NULL,
                "display_order" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_332576f6594fa40b904800982e7" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_category_links__category" ON "product_category_links" ("workspace_id", "category_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_category_links__categories" ON "product_category_links" ("workspace_id", "product_id", "category_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_1530a6f15d3c79d1b70be98f2be" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_5bc36ce05cc397317480efb18f6" FOREIGN KEY ("manufacturer_id") REFERENCES "manufacturers"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_61655fe2f6d179eced519392ced" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_f1f04534a41f575a6def0710063" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_5cc14aa7774220729372744870c" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_6beb2ec3c9ed6d5c01eb31c07ca" FOREIGN KEY ("catalog_id") REFERENCES "catalogs"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_a108ea5e3a037ff68cc50818665" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_6a244b8fec3db8a3ce4b8c797e5" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_6a244b8fec3db8a3ce4b8c797e5"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_a108ea5e3a037ff68cc50818665"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_6beb2ec3c9ed6d5c01eb31c07ca"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_5cc14aa7774220729372744870c"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_f1f04534a41f575a6def0710063"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_61655fe2f6d179eced519392ced"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_5bc36ce05cc397317480efb18f6"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_1530a6f15d3c79d1b70be98f2be"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_category_links__categories"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_category_links__category"
        `);
        await queryRunner.query(`
            DROP TABLE "product_category_links"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_catalog_links__catalogs"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_catalog_links__catalog"
        `);
        await queryRunner.query(`
            DROP TABLE "product_catalog_links"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_attribute_values__attributes"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_attribute_values__attribute"
        `);
        await queryRunner.query(`
            DROP TABLE "product_attribute_values"
        `);
    }

}
