import { MigrationInterface, QueryRunner } from "typeorm";

export class ProductsCore1795400388793 implements MigrationInterface {
    name = 'ProductsCore1795400388793'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            INSERT INTO "typeorm_metadata"(
                    "database",
                    "schema",
                    "table",
                    "type",
                    "name",
                    "value"
                )
            VALUES (current_database(), $1, $2, $3, $4, $5)
        `, ["public","products","GENERATED_COLUMN","search_vector","setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(sku, '') || ' ' || coalesce(gtin, '') || ' ' || coalesce(product_code, '') || ' ' || coalesce(search_code, '')), 'B')"]);
        await queryRunner.query(`
            CREATE TABLE "products" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "product_type" character varying(32) NOT NULL DEFAULT 'SimpleProduct',
                "slug" character varying(255) NOT NULL,
                "sku" character varying(255),
                "gtin" character varying(255),
                "product_code" character varying(255),
                "search_code" character varying(255),
                "introduced_at" date,
                "active" boolean NOT NULL DEFAULT true,
                "display_order" integer NOT NULL DEFAULT '0',
                "show_stock" boolean NOT NULL DEFAULT false,
                "tags" text array NOT NULL DEFAULT '{}',
                "external_references" text array NOT NULL DEFAULT '{}',
                "brand_id" uuid,
                "manufacturer_id" uuid,
                "sales_price" numeric(18, 4),
                "purchase_price" numeric(18, 4),
                "suggested_retail_price" numeric(18, 4),
                "vat_code_id" uuid,
                "search_vector" tsvector GENERATED ALWAYS AS (
                    setweight(
                        to_tsvector('simple'::regconfig, coalesce(name, '')),
                        'A'
                    ) || setweight(
                        to_tsvector(
                            'simple'::regconfig,
                            coalesce(sku, '') || ' ' || coalesce(gtin, '') || ' ' || coalesce(product_code, '') || ' ' || coalesce(search_code, '')
                        ),
                        'B'
                    )
                ) STORED NOT NULL,
                CONSTRAINT "ck_products__product_type" CHECK (
                    "product_type" IN (
                        'SimpleProduct',
                        'ConfigurableProduct',
                        'GroupedProduct',
                        'BundledProduct'
                    )
                ),
                CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__manufacturer" ON "products" ("manufacturer_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__brand" ON "products" ("brand_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__name" ON "products" ("workspace_id", "name", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_products__display_order" ON "products" ("workspace_id", "display_order", "id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_products__slug" ON "products" ("workspace_id", "slug")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_products__gtin" ON "products" ("workspace_id", "gtin")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_products__sku" ON "products" ("workspace_id", "sku")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_barcodes" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "barcode" character varying(255) NOT NULL,
                CONSTRAINT "PK_459d7d53aebb732e6c8460247d6" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_barcodes__product" ON "product_barcodes" ("product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_barcodes__barcode" ON "product_barcodes" ("workspace_id", "barcode")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_components" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "component_product_id" uuid NOT NULL,
                "quantity" numeric(18, 4) NOT NULL DEFAULT '1',
                "display_order" integer NOT NULL DEFAULT '0',
                CONSTRAINT "ck_product_components__component_product_id" CHECK ("component_product_id" <> "product_id"),
                CONSTRAINT "ck_product_components__quantity" CHECK ("quantity" > 0),
                CONSTRAINT "PK_8680455b8f9490a81556c3a222f" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_components__component" ON "product_components" ("component_product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_components__component_product_id" ON "product_components" (
                "workspace_id",
                "product_id",
                "component_product_id"
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "product_images" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "url" character varying(2048) NOT NULL,
                "file_key" character varying(1024),
                "display_order" integer NOT NULL DEFAULT '0',
                "alt" character varying(255),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_1974264ea7265989af8392f63a1" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_product_images__product" ON "product_images" ("product_id", "display_order")
        `);
        await queryRunner.query(`
            CREATE TABLE "product_price_tiers" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "min_quantity" numeric(18, 4) NOT NULL,
                "sales_price" numeric(18, 4) NOT NULL,
                CONSTRAINT "ck_product_price_tiers__sales_price" CHECK ("sales_price" >= 0),
                CONSTRAINT "ck_product_price_tiers__min_quantity" CHECK ("min_quantity" > 0),
                CONSTRAINT "PK_a8eb6c1cdc7531d5a591c7dc972" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_product_price_tiers__min_quantity" ON "product_price_tiers" ("workspace_id", "product_id", "min_quantity")
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_e2f7cafd00ba25aa07eec2ac911" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes"
            ADD CONSTRAINT "FK_08e75dc13a9057314738f004496" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_2e43ae802e7c0880379611f28e4" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_f0f3ba8e25f391c7cb5af810655" FOREIGN KEY ("component_product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images"
            ADD CONSTRAINT "FK_4f166bb8c2bfcef2498d97b4068" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers"
            ADD CONSTRAINT "FK_3b378853589048f985cd20a12d2" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Hand-written (declared with synchronize: false in ProductEntity): the GIN indexes behind
        // `query` (stored tsvector with prefix matching; trigram for partial names and skus) and tags.
        await queryRunner.query(`CREATE INDEX "ix_products__search_vector" ON "products" USING gin ("search_vector")`);
        await queryRunner.query(`CREATE INDEX "ix_products__name_trgm" ON "products" USING gin ("name" gin_trgm_ops)`);
        await queryRunner.query(`CREATE INDEX "ix_products__sku_trgm" ON "products" USING gin ("sku" gin_trgm_ops)`);
        await queryRunner.query(`CREATE INDEX "ix_products__tags" ON "products" USING gin ("tags")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "ix_products__tags"`);
        await queryRunner.query(`DROP INDEX "ix_products__sku_trgm"`);
        await queryRunner.query(`DROP INDEX "ix_products__name_trgm"`);
        await queryRunner.query(`DROP INDEX "ix_products__search_vector"`);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers" DROP CONSTRAINT "FK_3b378853589048f985cd20a12d2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images" DROP CONSTRAINT "FK_4f166bb8c2bfcef2498d97b4068"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_f0f3ba8e25f391c7cb5af810655"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_2e43ae802e7c0880379611f28e4"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes" DROP CONSTRAINT "FK_08e75dc13a9057314738f004496"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_e2f7cafd00ba25aa07eec2ac911"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_price_tiers__min_quantity"
        `);
        await queryRunner.query(`
            DROP TABLE "product_price_tiers"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_images__product"
        `);
        await queryRunner.query(`
            DROP TABLE "product_images"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_components__component_product_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_components__component"
        `);
        await queryRunner.query(`
            DROP TABLE "product_components"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_product_barcodes__barcode"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_product_barcodes__product"
        `);
        await queryRunner.query(`
            DROP TABLE "product_barcodes"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_products__sku"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_products__gtin"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_products__slug"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__display_order"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__brand"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_products__manufacturer"
        `);
        await queryRunner.query(`
            DROP TABLE "products"
        `);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata"
            WHERE "type" = $1
                AND "name" = $2
                AND "database" = current_database()
                AND "schema" = $3
                AND "table" = $4
        `, ["GENERATED_COLUMN","search_vector","public","products"]);
    }

}
