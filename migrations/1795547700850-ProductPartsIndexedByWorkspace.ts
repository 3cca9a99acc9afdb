import { MigrationInterface, QueryRunner } from "typeorm";

export class ProductPartsIndexedByWorkspace1795547700850 implements MigrationInterface {
    name = 'ProductPartsIndexedByWorkspace1795547700850'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__manufacturer"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__brand"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_barcodes__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_components__component"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_images__product"
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__manufacturer" ON "products" ("workspace_id", "manufacturer_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__brand" ON "products" ("workspace_id", "brand_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_barcodes__product" ON "product_barcodes" ("workspace_id", "product_id", "barcode")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_components__component" ON "product_components" ("workspace_id", "component_product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_images__product" ON "product_images" ("workspace_id", "product_id", "display_order")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_images__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_components__component"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_barcodes__product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__brand"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__manufacturer"
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_images__product" ON "product_images" USING btree ("product_id", "display_order")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_components__component" ON "product_components" USING btree ("component_product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_barcodes__product" ON "product_barcodes" USING btree ("product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__brand" ON "products" USING btree ("brand_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__manufacturer" ON "products" USING btree ("manufacturer_id")
        `);
    }

}
