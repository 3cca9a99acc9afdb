import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written (TypeORM does not model triggers). Every statement that can change the answer of
 * the auth guard's session check (src/identity/auth/jwt.strategy.ts) notifies `auth_changed`, so
 * the in-process SessionCache is cleared by the database itself, whichever code path (or raw SQL)
 * made the change. Statement-level: one notification per statement, also for cascaded deletes
 * (the foreign keys' ON DELETE CASCADE runs a DELETE on the child table, which fires these).
 * The column lists are the columns the session check reads, so logins and refreshes (last_login_at,
 * used_at) do not clear the cache.
 */
export class AuthChangeNotifications1795401000000 implements MigrationInterface {
    name = 'AuthChangeNotifications1795401000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('auth_changed', '');
                RETURN NULL;
            END
            $$
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_auth_sessions__auth_changed"
            AFTER UPDATE OF "revoked_at", "id", "workspace_id", "user_id", "client_login_id" OR DELETE OR TRUNCATE
            ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"()
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_memberships__auth_changed"
            AFTER UPDATE OF "role", "workspace_id", "user_id" OR DELETE OR TRUNCATE
            ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"()
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_client_logins__auth_changed"
            AFTER UPDATE OF "active", "id" OR DELETE OR TRUNCATE
            ON "client_logins" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"()
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "tr_client_logins__auth_changed" ON "client_logins"`);
        await queryRunner.query(`DROP TRIGGER "tr_memberships__auth_changed" ON "memberships"`);
        await queryRunner.query(`DROP TRIGGER "tr_auth_sessions__auth_changed" ON "auth_sessions"`);
        await queryRunner.query(`DROP FUNCTION "notify_auth_changed"()`);
    }
}
