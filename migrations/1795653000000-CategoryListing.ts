import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written. A category's listing without visiting its products: each product_category_links
 * row carries what a category page and its facets read of its product — `active`, `display_order`,
 * `brand_id` and the unit price at quantity 1 before any discount (`product_unit_price_at_one`:
 * none without a sales price, else the quantity tier that applies at 1, else the sales price; the
 * price rule's first two steps) — kept by triggers, so a category of
 * 2,000 products is counted, ordered and faceted from one index range instead of 2,000 primary-key
 * probes of `products` (docs/catalog-reads.md, "Category pages").
 *
 * Who writes what: a link copies its product's values when inserted (or moved to another
 * product), locking the product row FOR SHARE; an update of those product columns rewrites its
 * links; a change of the product's tiers recomputes its links' unit price, locking the product row
 * FOR NO KEY UPDATE first. So a link inserted concurrently with a change of its product or its
 * tiers waits for it (or it for the link), and the copy cannot keep a value that was replaced.
 */
export class CategoryListing1795653000000 implements MigrationInterface {
    name = 'CategoryListing1795653000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "product_category_links" ADD "product_active" boolean NOT NULL DEFAULT true`);
        await queryRunner.query(`ALTER TABLE "product_category_links" ADD "product_display_order" integer NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE "product_category_links" ADD "product_brand_id" uuid`);
        await queryRunner.query(`ALTER TABLE "product_category_links" ADD "product_unit_price" numeric(18,4)`);
        await queryRunner.query(`
            CREATE FUNCTION "product_unit_price_at_one"(ws uuid, product uuid, sales_price numeric) RETURNS numeric
            LANGUAGE sql STABLE AS $$
                SELECT CASE WHEN sales_price IS NULL THEN NULL
                            ELSE coalesce((SELECT t.sales_price FROM product_price_tiers t
                                            WHERE t.workspace_id = ws AND t.product_id = product AND t.min_quantity <= 1
                                            ORDER BY t.min_quantity DESC LIMIT 1), sales_price) END
            $$`);
        await queryRunner.query(`
            UPDATE product_category_links kl
               SET product_active = p.active, product_display_order = p.display_order, product_brand_id = p.brand_id,
                   product_unit_price = product_unit_price_at_one(p.workspace_id, p.id, p.sales_price)
              FROM products p
             WHERE p.workspace_id = kl.workspace_id AND p.id = kl.product_id`);
        await queryRunner.query(`
            CREATE FUNCTION "product_category_link_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                SELECT p.active, p.display_order, p.brand_id, product_unit_price_at_one(p.workspace_id, p.id, p.sales_price)
                  INTO NEW.product_active, NEW.product_display_order, NEW.product_brand_id, NEW.product_unit_price
                  FROM products p WHERE p.workspace_id = NEW.workspace_id AND p.id = NEW.product_id
                   FOR SHARE;
                RETURN NEW;
            END $$`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_product_category_links__listing"
            BEFORE INSERT OR UPDATE OF "product_id", "workspace_id" ON "product_category_links"
            FOR EACH ROW EXECUTE FUNCTION "product_category_link_listing"()`);
        await queryRunner.query(`
            CREATE FUNCTION "product_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE product_category_links
                   SET product_active = NEW.active, product_display_order = NEW.display_order,
                       product_brand_id = NEW.brand_id,
                       product_unit_price = product_unit_price_at_one(NEW.workspace_id, NEW.id, NEW.sales_price)
                 WHERE workspace_id = NEW.workspace_id AND product_id = NEW.id;
                RETURN NULL;
            END $$`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_products__listing"
            AFTER UPDATE OF "active", "display_order", "brand_id", "sales_price" ON "products"
            FOR EACH ROW
            WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.display_order IS DISTINCT FROM NEW.display_order
                  OR OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.sales_price IS DISTINCT FROM NEW.sales_price)
            EXECUTE FUNCTION "product_listing_changed"()`);
        await queryRunner.query(`
            CREATE FUNCTION "product_tiers_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                changed record;
            BEGIN
                FOR changed IN
                    SELECT DISTINCT t.workspace_id, t.product_id
                      FROM (SELECT OLD.workspace_id, OLD.product_id WHERE TG_OP <> 'INSERT'
                            UNION ALL SELECT NEW.workspace_id, NEW.product_id WHERE TG_OP <> 'DELETE') t(workspace_id, product_id)
                LOOP
                    UPDATE product_category_links kl
                       SET product_unit_price = product_unit_price_at_one(p.workspace_id, p.id, p.sales_price)
                      FROM (SELECT p.workspace_id, p.id, p.sales_price FROM products p
                             WHERE p.workspace_id = changed.workspace_id AND p.id = changed.product_id
                               FOR NO KEY UPDATE) p
                     WHERE kl.workspace_id = p.workspace_id AND kl.product_id = p.id;
                END LOOP;
                RETURN NULL;
            END $$`);
        await queryRunner.query(`
            CREATE TRIGGER "tr_product_price_tiers__listing"
            AFTER INSERT OR UPDATE OR DELETE ON "product_price_tiers"
            FOR EACH ROW EXECUTE FUNCTION "product_tiers_listing_changed"()`);
        await queryRunner.query(`
            CREATE INDEX "ix_product_category_links__listing"
                ON "product_category_links" ("workspace_id", "category_id", "product_display_order", "product_id")
                INCLUDE ("product_active", "product_brand_id", "product_unit_price")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "ix_product_category_links__listing"`);
        await queryRunner.query(`DROP TRIGGER "tr_product_price_tiers__listing" ON "product_price_tiers"`);
        await queryRunner.query(`DROP FUNCTION "product_tiers_listing_changed"()`);
        await queryRunner.query(`DROP TRIGGER "tr_products__listing" ON "products"`);
        await queryRunner.query(`DROP FUNCTION "product_listing_changed"()`);
        await queryRunner.query(`DROP TRIGGER "tr_product_category_links__listing" ON "product_category_links"`);
        await queryRunner.query(`DROP FUNCTION "product_category_link_listing"()`);
        await queryRunner.query(`DROP FUNCTION "product_unit_price_at_one"(uuid, uuid, numeric)`);
        await queryRunner.query(`ALTER TABLE "product_category_links" DROP COLUMN "product_unit_price"`);
        await queryRunner.query(`ALTER TABLE "product_category_links" DROP COLUMN "product_brand_id"`);
        await queryRunner.query(`ALTER TABLE "product_category_links" DROP COLUMN "product_display_order"`);
        await queryRunner.query(`ALTER TABLE "product_category_links" DROP COLUMN "product_active"`);
    }
}
