import { MigrationInterface, QueryRunner } from "typeorm";

/** An index path for each sort of the storefront's product list (by id, newest, price; sku has its unique index). */
export class ProductSortIndexes1795557500000 implements MigrationInterface {
    name = 'ProductSortIndexes1795557500000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE INDEX "ix_products__id" ON "products" ("workspace_id", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__created_at" ON "products" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__sales_price" ON "products" ("workspace_id", "sales_price", "id")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__sales_price"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__id"
        `);
    }

}
