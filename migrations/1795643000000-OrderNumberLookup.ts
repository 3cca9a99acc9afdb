import { MigrationInterface, QueryRunner } from "typeorm";

/** Order numbers are looked up case-insensitively (`so-000042` finds `SO-000042`): an index path for it. */
export class OrderNumberLookup1795643000000 implements MigrationInterface {
    name = 'OrderNumberLookup1795643000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders__order_number_ci" ON "sales_orders" ("workspace_id", lower("order_number"))
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders__order_number_ci"
        `);
    }

}
