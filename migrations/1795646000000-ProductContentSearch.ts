import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Language-aware product search (docs/catalog-reads.md, "Search"): `text_search_config(language)`
 * maps a content language (ISO 639-1) to the snowball configuration PostgreSQL and PGlite both
 * ship (`simple` for any other language), and each product display content stores its title
 * (weight A), excerpt and description (weight B) as a tsvector stemmed in its own language, with
 * a GIN index (like `ix_products__search_vector`, it cannot lead with workspace_id without
 * btree_gin; the query names the workspace beside it). A GiST trigram index on product names
 * gives "did you mean" the names nearest to a query.
 */
export class ProductContentSearch1795646000000 implements MigrationInterface {
    name = 'ProductContentSearch1795646000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE FUNCTION text_search_config(language varchar) RETURNS regconfig
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE lower(split_part(language, '-', 1))
                    WHEN 'ar' THEN 'arabic'::regconfig WHEN 'hy' THEN 'armenian'::regconfig
                    WHEN 'eu' THEN 'basque'::regconfig WHEN 'ca' THEN 'catalan'::regconfig
                    WHEN 'da' THEN 'danish'::regconfig WHEN 'nl' THEN 'dutch'::regconfig
                    WHEN 'en' THEN 'english'::regconfig WHEN 'fi' THEN 'finnish'::regconfig
                    WHEN 'fr' THEN 'french'::regconfig WHEN 'de' THEN 'german'::regconfig
                    WHEN 'el' THEN 'greek'::regconfig WHEN 'hi' THEN 'hindi'::regconfig
                    WHEN 'hu' THEN 'hungarian'::regconfig WHEN 'id' THEN 'indonesian'::regconfig
                    WHEN 'ga' THEN 'irish'::regconfig WHEN 'it' THEN 'italian'::regconfig
                    WHEN 'lt' THEN 'lithuanian'::regconfig WHEN 'ne' THEN 'nepali'::regconfig
                    WHEN 'no' THEN 'norwegian'::regconfig WHEN 'nb' THEN 'norwegian'::regconfig
                    WHEN 'nn' THEN 'norwegian'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig
                    WHEN 'ro' THEN 'romanian'::regconfig WHEN 'ru' THEN 'russian'::regconfig
                    WHEN 'sr' THEN 'serbian'::regconfig WHEN 'es' THEN 'spanish'::regconfig
                    WHEN 'sv' THEN 'swedish'::regconfig WHEN 'ta' THEN 'tamil'::regconfig
                    WHEN 'tr' THEN 'turkish'::regconfig WHEN 'yi' THEN 'yiddish'::regconfig
                    ELSE 'simple'::regconfig END
            $$
        `);
        await queryRunner.query(`
            INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value")
            VALUES (current_database(), $1, $2, $3, $4, $5)
        `, ["public","product_display_contents","GENERATED_COLUMN","search_vector","setweight(to_tsvector(text_search_config(language), coalesce(title, '')), 'A') || setweight(to_tsvector(text_search_config(language), coalesce(excerpt, '') || ' ' || coalesce(description, '')), 'B')"]);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" ADD "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector(text_search_config(language), coalesce(title, '')), 'A') || setweight(to_tsvector(text_search_config(language), coalesce(excerpt, '') || ' ' || coalesce(description, '')), 'B')) STORED NOT NULL
        `);
        await queryRunner.query(`CREATE INDEX "ix_product_display_contents__search_vector" ON "product_display_contents" USING gin ("search_vector")`);
        // "Did you mean": the names nearest to a query, by trigram word-similarity distance
        // (ORDER BY query <<-> name LIMIT n), an ordered index scan GIN cannot give.
        await queryRunner.query(`CREATE INDEX "ix_products__name_trgm_gist" ON "products" USING gist ("name" gist_trgm_ops)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "ix_products__name_trgm_gist"`);
        await queryRunner.query(`DROP INDEX "ix_product_display_contents__search_vector"`);
        await queryRunner.query(`ALTER TABLE "product_display_contents" DROP COLUMN "search_vector"`);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "schema" = $3 AND "table" = $4
        `, ["GENERATED_COLUMN","search_vector","public","product_display_contents"]);
        await queryRunner.query(`DROP FUNCTION text_search_config(varchar)`);
    }

}
