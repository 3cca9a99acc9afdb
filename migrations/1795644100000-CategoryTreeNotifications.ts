import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written, like ReadCacheNotifications (whose `notify_workspace_changed` function it uses):
 * every change that could alter the storefront's category tree (which categories show, their
 * texts, and how many visible products each holds) notifies `category_tree_changed` with the
 * workspace id, so every instance drops that workspace's entries of the catalog's
 * CategoryTreeCache; a TRUNCATE notifies an empty payload (drop everything). Products notify only
 * when they appear, go, or change `active` (pg_notify sends identical payloads of one transaction
 * once, so a bulk write notifies once).
 */
export class CategoryTreeNotifications1795644100000 implements MigrationInterface {
    name = 'CategoryTreeNotifications1795644100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        for (const [table, rowEvents] of triggers) {
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__category_tree_changed"
                AFTER ${rowEvents} ON "${table}"
                FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('category_tree_changed')
            `);
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__category_tree_changed_truncated"
                AFTER TRUNCATE ON "${table}"
                FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('category_tree_changed')
            `);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const [table] of [...triggers].reverse()) {
            await queryRunner.query(`DROP TRIGGER "tr_${table}__category_tree_changed_truncated" ON "${table}"`);
            await queryRunner.query(`DROP TRIGGER "tr_${table}__category_tree_changed" ON "${table}"`);
        }
    }
}

/** [table, the row events that notify]. */
const triggers: ReadonlyArray<readonly [string, string]> = [
    ["product_categories", "INSERT OR UPDATE OR DELETE"],
    ["category_display_contents", "INSERT OR UPDATE OR DELETE"],
    ["product_category_links", "INSERT OR UPDATE OR DELETE"],
    ["product_catalog_links", "INSERT OR UPDATE OR DELETE"],
    ["products", `INSERT OR DELETE OR UPDATE OF "active", "id", "workspace_id"`],
];
