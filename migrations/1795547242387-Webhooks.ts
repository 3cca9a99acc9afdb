import { MigrationInterface, QueryRunner } from "typeorm";

export class Webhooks1795547242387 implements MigrationInterface {
    name = 'Webhooks1795547242387'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "webhooks" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "url" character varying(2048) NOT NULL,
                "topics" text array NOT NULL DEFAULT '{}',
                "active" boolean NOT NULL DEFAULT true,
                "description" text,
                "secret" character varying(100) NOT NULL,
                "failing_since" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhooks_external_reference" ON "webhooks" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhooks_active" ON "webhooks" ("workspace_id", "active")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhooks_url" ON "webhooks" ("workspace_id", "url", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhooks_created_at" ON "webhooks" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "webhook_deliveries" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "webhook_id" uuid NOT NULL,
                "activity_id" uuid NOT NULL,
                "activity_type" character varying(200) NOT NULL,
                "status" character varying(20) NOT NULL DEFAULT 'Pending',
                "attempts" integer NOT NULL DEFAULT '0',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(),
                "last_attempt_at" TIMESTAMP WITH TIME ZONE,
                "last_status_code" integer,
                "last_duration_ms" integer,
                "last_error" character varying(500),
                "delivered_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "ck_webhook_deliveries__status" CHECK ("status" IN ('Pending', 'Delivered', 'Failed')),
                CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhook_deliveries_activity" ON "webhook_deliveries" ("activity_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at")
            WHERE "status" = 'Pending'
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_webhook_deliveries_webhook" ON "webhook_deliveries" ("workspace_id", "webhook_id", "created_at", "id")
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks"
            ADD CONSTRAINT "FK_3ed8fd5f3708d4acac990ad2369" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_e3a7eb0d16fa3f0ee88713420a0" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_695439368762103b8a3f965e789" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_695439368762103b8a3f965e789"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_e3a7eb0d16fa3f0ee88713420a0"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks" DROP CONSTRAINT "FK_3ed8fd5f3708d4acac990ad2369"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhook_deliveries_webhook"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhook_deliveries_due"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhook_deliveries_activity"
        `);
        await queryRunner.query(`
            DROP TABLE "webhook_deliveries"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhooks_created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhooks_url"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhooks_active"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_webhooks_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "webhooks"
        `);
    }

}
