import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Idempotency keys are scoped to the caller, method and route, and the answer is written in the
 * transaction of the create. Stored answers that hold tokens (switch-workspace, login, refresh)
 * are deleted first; the remaining rows name no caller, so no one could safely have them
 * replayed, and they go too (keys live 24 h: a retry of such a request runs afresh).
 */
export class IdempotencyKeysPerCaller1795402000000 implements MigrationInterface {
    name = 'IdempotencyKeysPerCaller1795402000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DELETE FROM "idempotency_keys"
            WHERE jsonb_typeof("response_body") = 'object'
              AND ("response_body" ?| ARRAY['accessToken', 'refreshToken'])
        `);
        await queryRunner.query(`DELETE FROM "idempotency_keys"`);
        await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "PK_idempotency_keys_workspace_key"`);
        await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
                ADD "caller_type" character varying(16) NOT NULL,
                ADD "caller_id" uuid NOT NULL,
                ADD "method" character varying(10) NOT NULL,
                ADD "route" character varying(255) NOT NULL,
                ADD "response_etag" character varying(64),
                ALTER COLUMN "response_status" SET NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
            ADD CONSTRAINT "pk_idempotency_keys" PRIMARY KEY ("workspace_id", "caller_type", "caller_id", "method", "route", "key")
        `);
        await queryRunner.query(`CREATE INDEX "ix_idempotency_keys__created_at" ON "idempotency_keys" ("created_at")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DELETE FROM "idempotency_keys"`);
        await queryRunner.query(`DROP INDEX "ix_idempotency_keys__created_at"`);
        await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "pk_idempotency_keys"`);
        await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
                DROP COLUMN "caller_type",
                DROP COLUMN "caller_id",
                DROP COLUMN "method",
                DROP COLUMN "route",
                DROP COLUMN "response_etag",
                ALTER COLUMN "response_status" DROP NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
            ADD CONSTRAINT "PK_idempotency_keys_workspace_key" PRIMARY KEY ("workspace_id", "key")
        `);
    }
}
