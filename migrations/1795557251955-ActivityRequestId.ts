import { MigrationInterface, QueryRunner } from "typeorm";

export class ActivityRequestId1795557251955 implements MigrationInterface {
    name = 'ActivityRequestId1795557251955'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "activities"
            ADD "request_id" character varying(128)
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "activities" DROP COLUMN "request_id"
        `);
    }

}
