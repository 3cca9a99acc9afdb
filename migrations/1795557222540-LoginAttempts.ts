import { MigrationInterface, QueryRunner } from "typeorm";

export class LoginAttempts1795557222540 implements MigrationInterface {
    name = 'LoginAttempts1795557222540'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "login_attempts" (
                "key" character varying(64) NOT NULL,
                "points" integer NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_f90e70c50d5744e4d9f41dd397c" PRIMARY KEY ("key")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_login_attempts__expires_at" ON "login_attempts" ("expires_at")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."ix_login_attempts__expires_at"
        `);
        await queryRunner.query(`
            DROP TABLE "login_attempts"
        `);
    }

}
