import { MigrationInterface, QueryRunner } from "typeorm";

export class Foundation1795399987865 implements MigrationInterface {
    name = 'Foundation1795399987865'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "workspaces" (
                "id" uuid NOT NULL,
                "name" character varying(255) NOT NULL,
                "description" text,
                "image_url" character varying(1024),
                "default_currency" character varying(3) NOT NULL DEFAULT 'EUR',
                "external_reference" character varying(255),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "version" integer NOT NULL DEFAULT '1',
                CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "activities" (
                "id" uuid NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "workspace_id" uuid NOT NULL,
                "entity_id" uuid NOT NULL,
                "entity_type" character varying(100) NOT NULL,
                "type" character varying(200) NOT NULL,
                "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "actor_id" uuid,
                "actor_type" character varying(20) NOT NULL,
                "data" jsonb NOT NULL DEFAULT '{}',
                CONSTRAINT "PK_7f4004429f731ffb9c88eb486a8" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_activities_workspace_type" ON "activities" ("workspace_id", "type", "timestamp")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_activities_workspace_entity" ON "activities" ("workspace_id", "entity_id", "timestamp")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_activities_workspace_timestamp" ON "activities" ("workspace_id", "timestamp", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "client_logins" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "username" character varying(255) NOT NULL,
                "email" character varying(255) NOT NULL,
                "display_name" character varying(255),
                "active" boolean NOT NULL DEFAULT true,
                "last_login_at" TIMESTAMP WITH TIME ZONE,
                "password_hash" character varying(255) NOT NULL,
                CONSTRAINT "PK_6e17ecc3b3b72cc03f99cecb390" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_client_logins__external_reference" ON "client_logins" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE TABLE "users" (
                "id" uuid NOT NULL,
                "username" character varying(255) NOT NULL,
                "email" character varying(255) NOT NULL,
                "firstname" character varying(255),
                "lastname" character varying(255),
                "display_name" character varying(255),
                "picture" character varying(1024),
                "apps" text array NOT NULL DEFAULT '{}',
                "external_reference" character varying(255),
                "password_hash" character varying(255) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "version" integer NOT NULL DEFAULT '1',
                CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "auth_sessions" (
                "id" uuid NOT NULL,
                "family_id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "user_id" uuid,
                "client_login_id" uuid,
                "refresh_token_hash" character varying(64) NOT NULL,
                "refresh_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_641507381f32580e8479efc36cd" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_auth_sessions_family" ON "auth_sessions" ("family_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "memberships" (
                "workspace_id" uuid NOT NULL,
                "user_id" uuid NOT NULL,
                "role" character varying(20) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b30e6ce2c364503f9840fa6440b" PRIMARY KEY ("workspace_id", "user_id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_memberships_user" ON "memberships" ("user_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "supported_languages" (
                "workspace_id" uuid NOT NULL,
                "language_code" character varying(10) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_770b97702af7a4e1ca982528055" PRIMARY KEY ("workspace_id", "language_code")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "activities"
            ADD CONSTRAINT "FK_047e6c57104382a7b73aa37b055" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins"
            ADD CONSTRAINT "FK_1353fadfa7aaba5e7dd0ba7d142" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "FK_119de6ae573bea771a16725f729" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "FK_50ccaa6440288a06f0ba693ccc6" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "FK_44f182b070f21e60de421f6092a" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "memberships"
            ADD CONSTRAINT "FK_9b76ecf1dda18a6adec17fe71c4" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "memberships"
            ADD CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "supported_languages"
            ADD CONSTRAINT "FK_989ea440b4d93ecbeb3cfe35ef3" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Reviewed by hand: what TypeORM cannot declare. Trigram search for later contexts, and
        // case-insensitive uniqueness (usernames/emails global for users, per workspace for clients).
        await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_users__username" ON "users" (lower("username"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_users__email" ON "users" (lower("email"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_client_logins__username" ON "client_logins" ("workspace_id", lower("username"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_client_logins__email" ON "client_logins" ("workspace_id", lower("email"))`);
        await queryRunner.query(`
            CREATE VIEW "workspace_users" AS
            SELECT m.workspace_id,
                u.id,
                'User'::varchar AS user_type,
                u.username,
                u.email,
                u.firstname,
                u.lastname,
                u.display_name,
                u.picture,
                u.external_reference,
                u.created_at,
                u.modified_at,
                u.version,
                m.role::varchar AS role
            FROM memberships m
                JOIN users u ON u.id = m.user_id
            UNION ALL
            SELECT c.workspace_id,
                c.id,
                'Client'::varchar,
                c.username,
                c.email,
                NULL,
                NULL,
                c.display_name,
                NULL,
                c.external_reference,
                c.created_at,
                c.modified_at,
                c.version,
                NULL
            FROM client_logins c
        `);
        await queryRunner.query(`
            INSERT INTO "typeorm_metadata"(
                    "database",
                    "schema",
                    "table",
                    "type",
                    "name",
                    "value"
                )
            VALUES (DEFAULT, $1, DEFAULT, $2, $3, $4)
        `, ["public","VIEW","workspace_users","SELECT m.workspace_id, u.id, 'User'::varchar AS user_type, u.username, u.email, u.firstname, u.lastname,\n           u.display_name, u.picture, u.external_reference, u.created_at, u.modified_at, u.version, m.role::varchar AS role\n      FROM memberships m JOIN users u ON u.id = m.user_id\n    UNION ALL\n    SELECT c.workspace_id, c.id, 'Client'::varchar, c.username, c.email, NULL, NULL,\n           c.display_name, NULL, c.external_reference, c.created_at, c.modified_at, c.version, NULL\n      FROM client_logins c"]);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "uq_client_logins__email"`);
        await queryRunner.query(`DROP INDEX "uq_client_logins__username"`);
        await queryRunner.query(`DROP INDEX "uq_users__email"`);
        await queryRunner.query(`DROP INDEX "uq_users__username"`);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata"
            WHERE "type" = $1
                AND "name" = $2
                AND "schema" = $3
        `, ["VIEW","workspace_users","public"]);
        await queryRunner.query(`
            DROP VIEW "workspace_users"
        `);
        await queryRunner.query(`
            ALTER TABLE "supported_languages" DROP CONSTRAINT "FK_989ea440b4d93ecbeb3cfe35ef3"
        `);
        await queryRunner.query(`
            ALTER TABLE "memberships" DROP CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051"
        `);
        await queryRunner.query(`
            ALTER TABLE "memberships" DROP CONSTRAINT "FK_9b76ecf1dda18a6adec17fe71c4"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_44f182b070f21e60de421f6092a"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_50ccaa6440288a06f0ba693ccc6"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_119de6ae573bea771a16725f729"
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins" DROP CONSTRAINT "FK_1353fadfa7aaba5e7dd0ba7d142"
        `);
        await queryRunner.query(`
            ALTER TABLE "activities" DROP CONSTRAINT "FK_047e6c57104382a7b73aa37b055"
        `);
        await queryRunner.query(`
            DROP TABLE "supported_languages"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_memberships_user"
        `);
        await queryRunner.query(`
            DROP TABLE "memberships"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_auth_sessions_family"
        `);
        await queryRunner.query(`
            DROP TABLE "auth_sessions"
        `);
        await queryRunner.query(`
            DROP TABLE "users"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_client_logins__external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "client_logins"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_activities_workspace_timestamp"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_activities_workspace_entity"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_activities_workspace_type"
        `);
        await queryRunner.query(`
            DROP TABLE "activities"
        `);
        await queryRunner.query(`
            DROP TABLE "workspaces"
        `);
    }

}
