import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * API keys of a workspace and the shared counts of the rate limits (docs/security.md, "API keys",
 * "Rate limits"). Generated, then the notification triggers by hand (in the style of
 * ReadCacheNotifications, whose `notify_workspace_changed` they reuse): every change of a key that
 * the guard's check reads notifies `api_keys_changed` with the workspace id, so every instance's
 * ApiKeyCache drops that workspace's keys before the next request (a revocation is refused at
 * once everywhere). `last_used_at` is not in the column list: recording a use invalidates nothing.
 * `rate_limit_counts` is of no workspace (global).
 */
export class ApiKeysAndRateLimits1795651000000 implements MigrationInterface {
    name = 'ApiKeysAndRateLimits1795651000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "rate_limit_counts" (
                "key" character varying(120) NOT NULL,
                "window_start" bigint NOT NULL,
                "count" integer NOT NULL,
                CONSTRAINT "pk_rate_limit_counts" PRIMARY KEY ("key", "window_start")
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "api_keys" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "role" character varying(20) NOT NULL,
                "secret_hash" character(64) NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                "created_by" uuid,
                CONSTRAINT "ck_api_keys__role" CHECK ("role" IN ('Admin', 'Member', 'Viewer')),
                CONSTRAINT "PK_b08b43033d3d3a40cf23b5b7583" PRIMARY KEY ("id", "workspace_id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_api_keys__created_at" ON "api_keys" ("workspace_id", "created_at")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_api_keys__external_reference" ON "api_keys" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            ALTER TABLE "api_keys"
            ADD CONSTRAINT "FK_deb68fe8625b21785d1c48283e4" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_api_keys__api_keys_changed"
            AFTER INSERT OR DELETE OR UPDATE OF "id", "workspace_id", "secret_hash", "role", "expires_at", "revoked_at"
            ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('api_keys_changed')
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_api_keys__api_keys_changed_truncated"
            AFTER TRUNCATE ON "api_keys"
            FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('api_keys_changed')
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "tr_api_keys__api_keys_changed_truncated" ON "api_keys"`);
        await queryRunner.query(`DROP TRIGGER "tr_api_keys__api_keys_changed" ON "api_keys"`);
        await queryRunner.query(`
            ALTER TABLE "api_keys" DROP CONSTRAINT "FK_deb68fe8625b21785d1c48283e4"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_api_keys__external_reference"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_api_keys__created_at"
        `);
        await queryRunner.query(`
            DROP TABLE "api_keys"
        `);
        await queryRunner.query(`
            DROP TABLE "rate_limit_counts"
        `);
    }
}
