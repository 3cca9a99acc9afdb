import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The workspace's default content language (`default_language`, one of its supported languages:
 * the storefront's fallback when a request names none or none it supports), and the notifications
 * that keep i18n's WorkspaceLanguagesCache exact: every change to a workspace's supported
 * languages or its default notifies `workspace_languages_changed` with the workspace id (the
 * workspaces table keys it by `id`, hence a function of its own beside `notify_workspace_changed`);
 * a TRUNCATE notifies an empty payload (drop everything).
 */
export class WorkspaceDefaultLanguage1795644000000 implements MigrationInterface {
    name = 'WorkspaceDefaultLanguage1795644000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "workspaces" ADD "default_language" character varying(10) NOT NULL DEFAULT 'en'`);
        await queryRunner.query(`
            CREATE FUNCTION "notify_workspace_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_LEVEL = 'STATEMENT' THEN
                    PERFORM pg_notify(TG_ARGV[0], '');
                    RETURN NULL;
                END IF;
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    PERFORM pg_notify(TG_ARGV[0], OLD."id"::text);
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    PERFORM pg_notify(TG_ARGV[0], NEW."id"::text);
                END IF;
                RETURN NULL;
            END
            $$
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_workspaces__workspace_languages_changed"
            AFTER DELETE OR UPDATE OF "default_language", "id" ON "workspaces"
            FOR EACH ROW EXECUTE FUNCTION "notify_workspace_row_changed"('workspace_languages_changed')
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_workspaces__workspace_languages_changed_truncated"
            AFTER TRUNCATE ON "workspaces"
            FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_row_changed"('workspace_languages_changed')
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_supported_languages__workspace_languages_changed"
            AFTER INSERT OR UPDATE OR DELETE ON "supported_languages"
            FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('workspace_languages_changed')
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_supported_languages__workspace_languages_changed_truncated"
            AFTER TRUNCATE ON "supported_languages"
            FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('workspace_languages_changed')
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "tr_supported_languages__workspace_languages_changed_truncated" ON "supported_languages"`);
        await queryRunner.query(`DROP TRIGGER "tr_supported_languages__workspace_languages_changed" ON "supported_languages"`);
        await queryRunner.query(`DROP TRIGGER "tr_workspaces__workspace_languages_changed_truncated" ON "workspaces"`);
        await queryRunner.query(`DROP TRIGGER "tr_workspaces__workspace_languages_changed" ON "workspaces"`);
        await queryRunner.query(`DROP FUNCTION "notify_workspace_row_changed"()`);
        await queryRunner.query(`ALTER TABLE "workspaces" DROP COLUMN "default_language"`);
    }
}
