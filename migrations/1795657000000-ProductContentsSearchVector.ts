import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written. The stemmed display contents searchable on the product row itself: each product
 * carries `contents_search_vector`, the concatenation of its display contents' `search_vector`s
 * (each stemmed in its content's own language), with a GIN index, so a word search is one
 * BitmapOr of two GIN scans on `products` instead of a scan of the contents followed by one
 * primary-key probe of `products` per content found (1,000 probes for a two-word search at
 * 100,000 products: docs/catalog-reads.md, "Search"). The search still confirms a content match in
 * the content's own language (an EXISTS on the contents' key), so the answers are the same.
 *
 * Kept by statement-level triggers on product_display_contents (one UPDATE of the touched products
 * per statement, and only where the vector changed): whichever code path or raw SQL writes the
 * contents, the product's vector follows in the same transaction.
 */
export class ProductContentsSearchVector1795657000000 implements MigrationInterface {
    name = 'ProductContentsSearchVector1795657000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE AGGREGATE "tsvector_agg"(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '')`);
        await queryRunner.query(`
            CREATE FUNCTION "product_contents_search_vector"(ws uuid, product uuid) RETURNS tsvector
            LANGUAGE sql STABLE AS $$
                SELECT coalesce(tsvector_agg(c.search_vector ORDER BY c.language), ''::tsvector)
                  FROM product_display_contents c WHERE c.workspace_id = ws AND c.product_id = product
            $$`);
        await queryRunner.query(`ALTER TABLE "products" ADD "contents_search_vector" tsvector NOT NULL DEFAULT ''::tsvector`);
        await queryRunner.query(`
            UPDATE products p SET contents_search_vector = c.vector
              FROM (SELECT workspace_id, product_id, tsvector_agg(search_vector ORDER BY language) AS vector
                      FROM product_display_contents GROUP BY workspace_id, product_id) c
             WHERE p.workspace_id = c.workspace_id AND p.id = c.product_id`);
        // One function for the three events: plpgsql plans a statement when it first runs it, so a
        // branch may name a transition table that only its own event has.
        const refresh = (changed: string) => `
                    UPDATE products p SET contents_search_vector = v.vector
                      FROM (SELECT c.workspace_id, c.product_id,
                                   product_contents_search_vector(c.workspace_id, c.product_id) AS vector
                              FROM (${changed}) c) v
                     WHERE p.workspace_id = v.workspace_id AND p.id = v.product_id
                       AND p.contents_search_vector IS DISTINCT FROM v.vector;`;
        await queryRunner.query(`
            CREATE FUNCTION "product_contents_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN${refresh('SELECT DISTINCT workspace_id, product_id FROM new_contents')}
                ELSIF TG_OP = 'DELETE' THEN${refresh('SELECT DISTINCT workspace_id, product_id FROM old_contents')}
                ELSE${refresh('SELECT workspace_id, product_id FROM old_contents UNION SELECT workspace_id, product_id FROM new_contents')}
                END IF;
                RETURN NULL;
            END $$`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_product_display_contents__search_inserted" AFTER INSERT ON "product_display_contents"
            REFERENCING NEW TABLE AS new_contents
            FOR EACH STATEMENT EXECUTE FUNCTION "product_contents_search_changed"()`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_product_display_contents__search_updated" AFTER UPDATE ON "product_display_contents"
            REFERENCING OLD TABLE AS old_contents NEW TABLE AS new_contents
            FOR EACH STATEMENT EXECUTE FUNCTION "product_contents_search_changed"()`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_product_display_contents__search_deleted" AFTER DELETE ON "product_display_contents"
            REFERENCING OLD TABLE AS old_contents
            FOR EACH STATEMENT EXECUTE FUNCTION "product_contents_search_changed"()`);
        await queryRunner.query(`CREATE INDEX "ix_products__contents_search_vector" ON "products" USING gin ("contents_search_vector")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "ix_products__contents_search_vector"`);
        await queryRunner.query(`DROP TRIGGER "tr_product_display_contents__search_deleted" ON "product_display_contents"`);
        await queryRunner.query(`DROP TRIGGER "tr_product_display_contents__search_updated" ON "product_display_contents"`);
        await queryRunner.query(`DROP TRIGGER "tr_product_display_contents__search_inserted" ON "product_display_contents"`);
        await queryRunner.query(`DROP FUNCTION "product_contents_search_changed"()`);
        await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "contents_search_vector"`);
        await queryRunner.query(`DROP FUNCTION "product_contents_search_vector"(uuid, uuid)`);
        await queryRunner.query(`DROP AGGREGATE "tsvector_agg"(tsvector)`);
    }
}
