import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Import jobs (docs/imports.md): one row per uploaded file with its status, lease, checkpoint,
 * counts and bounded errors / plan. `ix_import_jobs_due` (partial: queued and running jobs only)
 * is what the workers claim from, across workspaces, like the webhook outbox's due index.
 */
export class ImportJobs1795650000000 implements MigrationInterface {
    name = 'ImportJobs1795650000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "import_jobs" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "kind" character varying(20) NOT NULL,
                "mode" character varying(10) NOT NULL,
                "status" character varying(20) NOT NULL DEFAULT 'Queued',
                "file_name" character varying(255) NOT NULL,
                "format" character varying(10) NOT NULL,
                "file_size" bigint NOT NULL,
                "file_key" character varying(1024),
                "file_url" character varying(2048),
                "mapping" jsonb,
                "create_missing_categories" boolean NOT NULL DEFAULT false,
                "created_by_id" uuid,
                "detected_format" character varying(100),
                "rows_total" integer,
                "rows_processed" integer NOT NULL DEFAULT '0',
                "checkpoint" integer NOT NULL DEFAULT '0',
                "created" integer NOT NULL DEFAULT '0',
                "updated" integer NOT NULL DEFAULT '0',
                "unchanged" integer NOT NULL DEFAULT '0',
                "failed" integer NOT NULL DEFAULT '0',
                "errors" jsonb NOT NULL DEFAULT '[]',
                "error_count" integer NOT NULL DEFAULT '0',
                "plan" jsonb NOT NULL DEFAULT '[]',
                "failure" text,
                "claim_token" uuid,
                "lease_until" TIMESTAMP WITH TIME ZONE,
                "attempts" integer NOT NULL DEFAULT '0',
                "started_at" TIMESTAMP WITH TIME ZONE,
                "finished_at" TIMESTAMP WITH TIME ZONE,
                "request_id" character varying(100),
                CONSTRAINT "ck_import_jobs__format" CHECK ("format" IN ('csv', 'xlsx')),
                CONSTRAINT "ck_import_jobs__status" CHECK (
                    "status" IN (
                        'Queued',
                        'Running',
                        'Succeeded',
                        'Failed',
                        'Canceled'
                    )
                ),
                CONSTRAINT "ck_import_jobs__mode" CHECK ("mode" IN ('dryRun', 'apply')),
                CONSTRAINT "ck_import_jobs__kind" CHECK ("kind" IN ('products')),
                CONSTRAINT "PK_bc91dae3782d78f762b6f4b933d" PRIMARY KEY ("id", "workspace_id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_import_jobs_due" ON "import_jobs" ("created_at")
            WHERE "status" IN ('Queued', 'Running')
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_import_jobs_status" ON "import_jobs" ("workspace_id", "status")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_import_jobs_created_at" ON "import_jobs" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            ALTER TABLE "import_jobs"
            ADD CONSTRAINT "FK_7a909e75bef9b8c658529b8dfa0" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "import_jobs" DROP CONSTRAINT "FK_7a909e75bef9b8c658529b8dfa0"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_import_jobs_created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_import_jobs_status"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_import_jobs_due"
        `);
        await queryRunner.query(`
            DROP TABLE "import_jobs"
        `);
    }

}
