import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A products import keyed by `externalReference` (docs/imports.md) finds a batch's products by
 * their external references (`external_references && $refs`): a GIN index, as for tags.
 */
export class ProductExternalReferenceIndex1795656100000 implements MigrationInterface {
    name = 'ProductExternalReferenceIndex1795656100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "ix_products__external_references" ON "products" USING gin ("external_references")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "ix_products__external_references"`);
    }
}
