import { MigrationInterface, QueryRunner } from "typeorm";

/** Import presets (docs/imports.md, "Presets"): a products job may name the system its file comes from. */
export class ImportPresets1795655000000 implements MigrationInterface {
    name = 'ImportPresets1795655000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "import_jobs" ADD "preset" character varying(20)`);
        await queryRunner.query(`ALTER TABLE "import_jobs" ADD CONSTRAINT "ck_import_jobs__preset" CHECK ("preset" IS NULL OR "preset" IN ('shopify', 'googleMerchant'))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "import_jobs" DROP CONSTRAINT "ck_import_jobs__preset"`);
        await queryRunner.query(`ALTER TABLE "import_jobs" DROP COLUMN "preset"`);
    }
}
