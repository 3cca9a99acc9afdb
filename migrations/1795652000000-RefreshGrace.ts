import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The refresh grace period (docs/security.md, "Sessions"): a session rotated by a refresh keeps
 * which session succeeded it and that successor's refresh secret, sealed (AES-256-GCM) with a key
 * only the rotated refresh token itself yields, so that a concurrent refresh with the same token
 * within the grace period answers the same new pair.
 */
export class RefreshGrace1795652000000 implements MigrationInterface {
    name = 'RefreshGrace1795652000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "auth_sessions" ADD "successor_id" uuid`);
        await queryRunner.query(`ALTER TABLE "auth_sessions" ADD "successor_sealed" character varying(255)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "auth_sessions" DROP COLUMN "successor_sealed"`);
        await queryRunner.query(`ALTER TABLE "auth_sessions" DROP COLUMN "successor_id"`);
    }
}
