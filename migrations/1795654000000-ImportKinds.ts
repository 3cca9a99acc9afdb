import { MigrationInterface, QueryRunner } from "typeorm";

/** Import jobs of accounts and contacts (docs/imports.md): the kind's check admits them. */
export class ImportKinds1795654000000 implements MigrationInterface {
    name = 'ImportKinds1795654000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "import_jobs" DROP CONSTRAINT "ck_import_jobs__kind"`);
        await queryRunner.query(`ALTER TABLE "import_jobs" ADD CONSTRAINT "ck_import_jobs__kind" CHECK ("kind" IN ('products', 'accounts', 'contacts'))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "import_jobs" DROP CONSTRAINT "ck_import_jobs__kind"`);
        await queryRunner.query(`ALTER TABLE "import_jobs" ADD CONSTRAINT "ck_import_jobs__kind" CHECK ("kind" IN ('products'))`);
    }
}
