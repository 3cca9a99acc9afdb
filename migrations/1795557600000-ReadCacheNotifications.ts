import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written (TypeORM does not model triggers), in the style of AuthChangeNotifications. Every
 * row change that could alter an answer kept by one of the in-process read caches notifies that
 * cache's channel with the workspace id as payload (pg_notify sends identical payloads of one
 * transaction once), so every instance drops that workspace's entries, whichever code path (or raw
 * SQL) made the change; a TRUNCATE notifies an empty payload (drop everything).
 * - `shoppers_changed` (crm's ShopperCache: a client login's contact and primary account, an
 *   account's pricing inputs): contacts (a link to a client login), contact_accounts (the links and
 *   their positions), accounts (what pricing and the catalog visibility read of one). An account
 *   insert changes no answer (the cache keeps no "no such account").
 * - `price_tables_changed` (pricing's PriceTablesCache: VAT codes and the active scripts' version):
 *   vat_codes, atomic_scripts (which also notify `atomic_scripts_changed` for the compiled scripts).
 * - `currencies_changed` (i18n's default currency): currencies.
 * Column lists name what the answers read, so unrelated edits (a contact's name) notify nothing.
 */
export class ReadCacheNotifications1795557600000 implements MigrationInterface {
    name = 'ReadCacheNotifications1795557600000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // The channel is the trigger's argument; an UPDATE notifies the old and the new workspace.
        await queryRunner.query(`
            CREATE FUNCTION "notify_workspace_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_LEVEL = 'STATEMENT' THEN
                    PERFORM pg_notify(TG_ARGV[0], '');
                    RETURN NULL;
                END IF;
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    PERFORM pg_notify(TG_ARGV[0], OLD."workspace_id"::text);
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    PERFORM pg_notify(TG_ARGV[0], NEW."workspace_id"::text);
                END IF;
                RETURN NULL;
            END
            $$
        `);
        for (const [table, channel, rowEvents] of triggers) {
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__${channel}"
                AFTER ${rowEvents} ON "${table}"
                FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('${channel}')
            `);
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__${channel}_truncated"
                AFTER TRUNCATE ON "${table}"
                FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('${channel}')
            `);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const [table, channel] of [...triggers].reverse()) {
            await queryRunner.query(`DROP TRIGGER "tr_${table}__${channel}_truncated" ON "${table}"`);
            await queryRunner.query(`DROP TRIGGER "tr_${table}__${channel}" ON "${table}"`);
        }
        await queryRunner.query(`DROP FUNCTION "notify_workspace_changed"()`);
    }
}

/** [table, channel, the row events that notify]. */
const triggers: ReadonlyArray<readonly [string, string, string]> = [
    ["contacts", "shoppers_changed", `INSERT OR DELETE OR UPDATE OF "client_login_id", "id", "workspace_id"`],
    ["contact_accounts", "shoppers_changed", "INSERT OR UPDATE OR DELETE"],
    [
        "accounts",
        "shoppers_changed",
        `DELETE OR UPDATE OF "id", "workspace_id", "display_name", "account_code", "product_catalog_id", "commerce_settings"`,
    ],
    ["vat_codes", "price_tables_changed", "INSERT OR UPDATE OR DELETE"],
    ["atomic_scripts", "price_tables_changed", "INSERT OR UPDATE OR DELETE"],
    ["currencies", "currencies_changed", `INSERT OR DELETE OR UPDATE OF "code", "is_default", "id", "workspace_id"`],
];
