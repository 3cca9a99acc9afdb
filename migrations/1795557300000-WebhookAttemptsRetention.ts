import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhookAttemptsRetention1795557300000 implements MigrationInterface {
    name = 'WebhookAttemptsRetention1795557300000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "webhook_delivery_attempts" (
                "workspace_id" uuid NOT NULL,
                "delivery_id" uuid NOT NULL,
                "attempt" integer NOT NULL,
                "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "duration_ms" integer NOT NULL,
                "status_code" integer,
                "error_class" character varying(40),
                "error" character varying(500),
                "response_excerpt" character varying(1024),
                "next_attempt_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "ck_webhook_delivery_attempts__error_class" CHECK (
                    "error_class" IS NULL
                    OR "error_class" IN (
                        'Timeout',
                        'ConnectionRefused',
                        'ConnectionReset',
                        'DnsFailure',
                        'RefusedTarget',
                        'TlsError',
                        'RedirectNotFollowed',
                        'NetworkError'
                    )
                ),
                CONSTRAINT "PK_2618b5b5d2949361c615088eaf3" PRIMARY KEY ("workspace_id", "delivery_id", "attempt")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD "retry_base" integer NOT NULL DEFAULT '0'
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhook_deliveries_settled" ON "webhook_deliveries" ("last_attempt_at")
            WHERE "status" <> 'Pending'
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_delivery_attempts"
            ADD CONSTRAINT "FK_872c9832bf17be367845faddcc1" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_delivery_attempts"
            ADD CONSTRAINT "FK_86840b31c61f56ba640ee422772" FOREIGN KEY ("workspace_id", "delivery_id") REFERENCES "webhook_deliveries"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "FK_86840b31c61f56ba640ee422772"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "FK_872c9832bf17be367845faddcc1"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhook_deliveries_settled"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP COLUMN "retry_base"
        `);
        await queryRunner.query(`
            DROP TABLE "webhook_delivery_attempts"
        `);
    }

}
