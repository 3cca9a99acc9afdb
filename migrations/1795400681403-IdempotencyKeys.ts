import { MigrationInterface, QueryRunner } from "typeorm";

export class IdempotencyKeys1795400681403 implements MigrationInterface {
    name = 'IdempotencyKeys1795400681403'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "idempotency_keys" (
                "workspace_id" uuid NOT NULL,
                "key" character varying(255) NOT NULL,
                "request_hash" character varying(64) NOT NULL,
                "response_status" smallint,
                "response_body" jsonb,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_idempotency_keys_workspace_key" PRIMARY KEY ("workspace_id", "key")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
            ADD CONSTRAINT "FK_d91f6cda12b1b4864125fdc42f0" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "FK_d91f6cda12b1b4864125fdc42f0"`);
        await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    }
}
