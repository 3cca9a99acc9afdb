import { MigrationInterface, QueryRunner } from 'typeorm';

export class ShopperAccounts1795645000000 implements MigrationInterface {
  name = 'ShopperAccounts1795645000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "client_login_tokens" (
                "workspace_id" uuid NOT NULL,
                "token_hash" character varying(64) NOT NULL,
                "purpose" character varying(20) NOT NULL,
                "client_login_id" uuid,
                "email" character varying(255),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "ck_client_login_tokens__purpose" CHECK (
                    "purpose" IN (
                        'EmailVerification',
                        'PasswordReset',
                        'Invitation'
                    )
                ),
                CONSTRAINT "PK_4eb3249f38e68d7a091b11e18d3" PRIMARY KEY ("workspace_id", "token_hash")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_client_login_tokens__expires_at" ON "client_login_tokens" ("workspace_id", "expires_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_client_login_tokens__client_login" ON "client_login_tokens" ("workspace_id", "client_login_id", "purpose")
        `);
    await queryRunner.query(`
            ALTER TABLE "client_logins"
            ADD "email_verified_at" TIMESTAMP WITH TIME ZONE DEFAULT now()
        `);
    await queryRunner.query(`
            ALTER TABLE "workspaces"
            ADD "shopper_registration" character varying(20) NOT NULL DEFAULT 'Off'
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD "secret_data" jsonb
        `);
    await queryRunner.query(`
            ALTER TABLE "client_login_tokens"
            ADD CONSTRAINT "FK_72d50ffbad6ff5854c986ed0fbf" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "client_login_tokens"
            ADD CONSTRAINT "FK_4a3aa9790ca998da701140a52fc" FOREIGN KEY ("workspace_id", "client_login_id") REFERENCES "client_logins"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "client_login_tokens" DROP CONSTRAINT "FK_4a3aa9790ca998da701140a52fc"
        `);
    await queryRunner.query(`
            ALTER TABLE "client_login_tokens" DROP CONSTRAINT "FK_72d50ffbad6ff5854c986ed0fbf"
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP COLUMN "secret_data"
        `);
    await queryRunner.query(`
            ALTER TABLE "workspaces" DROP COLUMN "shopper_registration"
        `);
    await queryRunner.query(`
            ALTER TABLE "client_logins" DROP COLUMN "email_verified_at"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."ix_client_login_tokens__client_login"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."ix_client_login_tokens__expires_at"
        `);
    await queryRunner.query(`
            DROP TABLE "client_login_tokens"
        `);
  }
}
