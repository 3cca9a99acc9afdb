import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written, like CategoryTreeNotifications (it uses ReadCacheNotifications'
 * `notify_workspace_changed`): every change that could alter the "did you mean" of a product search
 * — the names nearest to a misspelled query among the products a shopper may see, in a category or
 * in the whole shop — notifies `product_words_changed` with the workspace id, so every instance
 * drops that workspace's entries of the catalog's ProductCorrectionCache; a TRUNCATE notifies an
 * empty payload (drop everything). Products notify when they appear, go, or change name or
 * `active`; category and catalog links on any change (pg_notify sends identical payloads of one
 * transaction once, so a bulk write notifies once).
 */
export class ProductWordsNotifications1795657100000 implements MigrationInterface {
    name = 'ProductWordsNotifications1795657100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        for (const [table, rowEvents] of triggers) {
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__product_words_changed"
                AFTER ${rowEvents} ON "${table}"
                FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('product_words_changed')
            `);
            await queryRunner.query(`
                CREATE TRIGGER "tr_${table}__product_words_changed_truncated"
                AFTER TRUNCATE ON "${table}"
                FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('product_words_changed')
            `);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const [table] of [...triggers].reverse()) {
            await queryRunner.query(`DROP TRIGGER "tr_${table}__product_words_changed_truncated" ON "${table}"`);
            await queryRunner.query(`DROP TRIGGER "tr_${table}__product_words_changed" ON "${table}"`);
        }
    }
}

/** [table, the row events that notify]. */
const triggers: ReadonlyArray<readonly [string, string]> = [
    ["product_category_links", "INSERT OR UPDATE OR DELETE"],
    ["product_catalog_links", "INSERT OR UPDATE OR DELETE"],
    ["products", `INSERT OR DELETE OR UPDATE OF "name", "active", "id", "workspace_id"`],
];
