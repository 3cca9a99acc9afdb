import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written. "Did you mean" from the words of product names instead of from the names: each
 * workspace's distinct name words (letters and digits, not digits only, as the `simple` text search
 * configuration splits them) with a GiST trigram index, pg_trgm's own recipe for spelling
 * suggestions. The words nearest to a misspelled one are an ordered scan of that small index (20
 * words for the 100,000 names of the bench, a few thousand in a real catalog) instead of one of
 * every name's trigrams (`ix_products__name_trgm_gist`, dropped here: an ordered scan of it read the
 * whole index, 2,400 pages at 100,000 products). Like the other trigram and text search indexes it
 * cannot lead with workspace_id without btree_gist; the query names the workspace beside it.
 *
 * Kept by statement-level triggers on products: a product inserted, or renamed, adds the words
 * that are new to its workspace (ON CONFLICT DO NOTHING: concurrent writers wait only for a word
 * that both add). Words are never removed when their last product goes or is renamed: a search
 * offers a word only if a product the caller may see still holds it (docs/catalog-reads.md).
 */
export class ProductNameWords1795657200000 implements MigrationInterface {
    name = 'ProductNameWords1795657200000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "product_name_words" (
                "workspace_id" uuid NOT NULL,
                "word" text NOT NULL,
                CONSTRAINT "PK_product_name_words" PRIMARY KEY ("workspace_id", "word"),
                CONSTRAINT "FK_product_name_words__workspace" FOREIGN KEY ("workspace_id")
                    REFERENCES "workspaces"("id") ON DELETE CASCADE
            )`);
        await queryRunner.query(`
            CREATE FUNCTION "product_name_words_of"(name text) RETURNS SETOF text
            LANGUAGE sql IMMUTABLE AS $$
                SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(name, '')))) AS w
                 WHERE w ~ '^[[:alnum:]]+$' AND w !~ '^[[:digit:]]+$'
            $$`);
        await queryRunner.query(`
            INSERT INTO product_name_words (workspace_id, word)
            SELECT DISTINCT p.workspace_id, w FROM products p CROSS JOIN LATERAL product_name_words_of(p.name) AS w`);
        await queryRunner.query(`
            CREATE FUNCTION "product_name_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO product_name_words (workspace_id, word)
                    SELECT DISTINCT n.workspace_id, w FROM new_products n CROSS JOIN LATERAL product_name_words_of(n.name) AS w
                    ON CONFLICT DO NOTHING;
                ELSE
                    INSERT INTO product_name_words (workspace_id, word)
                    SELECT DISTINCT n.workspace_id, w
                      FROM new_products n JOIN old_products o ON o.id = n.id AND o.workspace_id = n.workspace_id
                     CROSS JOIN LATERAL product_name_words_of(n.name) AS w
                     WHERE o.name IS DISTINCT FROM n.name
                    ON CONFLICT DO NOTHING;
                END IF;
                RETURN NULL;
            END $$`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_products__name_words_inserted" AFTER INSERT ON "products"
            REFERENCING NEW TABLE AS new_products
            FOR EACH STATEMENT EXECUTE FUNCTION "product_name_words_added"()`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_products__name_words_updated" AFTER UPDATE ON "products"
            REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
            FOR EACH STATEMENT EXECUTE FUNCTION "product_name_words_added"()`);
        await queryRunner.query(`CREATE INDEX "ix_product_name_words__word_trgm" ON "product_name_words" USING gist ("word" gist_trgm_ops)`);
        await queryRunner.query(`DROP INDEX "ix_products__name_trgm_gist"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "ix_products__name_trgm_gist" ON "products" USING gist ("name" gist_trgm_ops)`);
        await queryRunner.query(`DROP TRIGGER "tr_products__name_words_updated" ON "products"`);
        await queryRunner.query(`DROP TRIGGER "tr_products__name_words_inserted" ON "products"`);
        await queryRunner.query(`DROP FUNCTION "product_name_words_added"()`);
        await queryRunner.query(`DROP FUNCTION "product_name_words_of"(text)`);
        await queryRunner.query(`DROP TABLE "product_name_words"`);
    }
}
