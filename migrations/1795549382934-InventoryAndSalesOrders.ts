import { MigrationInterface, QueryRunner } from "typeorm";

export class InventoryAndSalesOrders1795549382934 implements MigrationInterface {
    name = 'InventoryAndSalesOrders1795549382934'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "locations" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "display_order" integer NOT NULL DEFAULT '0',
                "is_warehouse" boolean NOT NULL DEFAULT false,
                "is_pickup_location" boolean NOT NULL DEFAULT false,
                "is_stock_location" boolean NOT NULL DEFAULT true,
                "email" character varying(255),
                "description" text,
                "phone_number" character varying(255),
                "image" character varying(1024),
                "address" jsonb,
                "opening_hours" jsonb NOT NULL DEFAULT '[]',
                CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_locations_external_reference" ON "locations" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_locations_display_order" ON "locations" ("workspace_id", "display_order", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_locations_name" ON "locations" ("workspace_id", "name", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "stocks" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "product_id" uuid NOT NULL,
                "location_id" uuid NOT NULL,
                "quantity" numeric(18, 4) NOT NULL,
                CONSTRAINT "PK_b5b1ee4ac914767229337974575" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_stocks_external_reference" ON "stocks" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_stocks_created_at" ON "stocks" ("workspace_id", "created_at", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_stocks_location" ON "stocks" ("workspace_id", "location_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_stocks__product_id" ON "stocks" ("workspace_id", "product_id", "location_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "sales_orders" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "order_number" character varying(64),
                "order_sequence" bigint,
                "ordered_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "ordering_status" character varying(16) NOT NULL DEFAULT 'Draft',
                "status_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "delivery_method" character varying(16),
                "channel" character varying(255),
                "description" text,
                "tags" text array NOT NULL DEFAULT '{}',
                "currency" character varying(3) NOT NULL,
                "debtor_id" uuid,
                "ordered_by_id" uuid,
                "client_login_id" uuid,
                "pickup_location_id" uuid,
                "stock_location_id" uuid,
                "billing_address" jsonb,
                "shipping_address" jsonb,
                "total_excl_vat" numeric(18, 2) NOT NULL DEFAULT '0',
                "total_vat" numeric(18, 2) NOT NULL DEFAULT '0',
                "total_incl_vat" numeric(18, 2) NOT NULL DEFAULT '0',
                CONSTRAINT "ck_sales_orders__delivery_method" CHECK (
                    "delivery_method" IS NULL
                    OR "delivery_method" IN ('Delivery', 'Pickup')
                ),
                CONSTRAINT "ck_sales_orders__ordering_status" CHECK (
                    "ordering_status" IN ('Draft', 'Completed', 'Canceled')
                ),
                CONSTRAINT "PK_5328297e067ca929fbe7cf989dd" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_external_reference" ON "sales_orders" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_status" ON "sales_orders" ("workspace_id", "ordering_status", "ordered_at")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_client_login" ON "sales_orders" (
                "workspace_id",
                "client_login_id",
                "order_sequence"
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_ordered_by" ON "sales_orders" ("workspace_id", "ordered_by_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_debtor" ON "sales_orders" ("workspace_id", "debtor_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_orders_ordered_at" ON "sales_orders" ("workspace_id", "ordered_at", "id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_sales_orders__order_sequence" ON "sales_orders" ("workspace_id", "order_sequence")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_sales_orders__order_number" ON "sales_orders" ("workspace_id", "order_number")
        `);
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
        `, ["public","sales_order_lines","GENERATED_COLUMN","total_excl_vat","round(\"quantity\" * \"unit_price\" * (100 - \"discount_percentage\") / 100, 2)"]);
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
        `, ["public","sales_order_lines","GENERATED_COLUMN","vat_amount","round(round(\"quantity\" * \"unit_price\" * (100 - \"discount_percentage\") / 100, 2) * \"vat_rate\" / 100, 2)"]);
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
        `, ["public","sales_order_lines","GENERATED_COLUMN","total_incl_vat","round(\"quantity\" * \"unit_price\" * (100 - \"discount_percentage\") / 100, 2) + round(round(\"quantity\" * \"unit_price\" * (100 - \"discount_percentage\") / 100, 2) * \"vat_rate\" / 100, 2)"]);
        await queryRunner.query(`
            CREATE TABLE "sales_order_lines" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "sales_order_id" uuid NOT NULL,
                "product_id" uuid NOT NULL,
                "sku" character varying(255),
                "name" character varying(255) NOT NULL,
                "quantity" numeric(18, 4) NOT NULL,
                "unit_price" numeric(18, 4) NOT NULL,
                "unit_price_overridden" boolean NOT NULL DEFAULT false,
                "discount_percentage" numeric(5, 2) NOT NULL DEFAULT '0',
                "vat_rate" numeric(5, 2) NOT NULL DEFAULT '0',
                "position" integer NOT NULL,
                "total_excl_vat" numeric(18, 2) GENERATED ALWAYS AS (
                    round(
                        "quantity" * "unit_price" * (100 - "discount_percentage") / 100,
                        2
                    )
                ) STORED NOT NULL,
                "vat_amount" numeric(18, 2) GENERATED ALWAYS AS (
                    round(
                        round(
                            "quantity" * "unit_price" * (100 - "discount_percentage") / 100,
                            2
                        ) * "vat_rate" / 100,
                        2
                    )
                ) STORED NOT NULL,
                "total_incl_vat" numeric(18, 2) GENERATED ALWAYS AS (
                    round(
                        "quantity" * "unit_price" * (100 - "discount_percentage") / 100,
                        2
                    ) + round(
                        round(
                            "quantity" * "unit_price" * (100 - "discount_percentage") / 100,
                            2
                        ) * "vat_rate" / 100,
                        2
                    )
                ) STORED NOT NULL,
                CONSTRAINT "ck_sales_order_lines__vat_rate" CHECK (
                    "vat_rate" BETWEEN 0 AND 100
                ),
                CONSTRAINT "ck_sales_order_lines__discount_percentage" CHECK (
                    "discount_percentage" BETWEEN 0 AND 100
                ),
                CONSTRAINT "ck_sales_order_lines__unit_price" CHECK ("unit_price" >= 0),
                CONSTRAINT "ck_sales_order_lines__quantity" CHECK ("quantity" > 0),
                CONSTRAINT "PK_91a9fd0ffdb8572374cf89df4da" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_order_lines_product" ON "sales_order_lines" ("workspace_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_sales_order_lines_order" ON "sales_order_lines" ("sales_order_id", "position")
        `);
        await queryRunner.query(`
            CREATE TABLE "sales_settings" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "order_number_prefix" character varying(20) NOT NULL DEFAULT 'SO-',
                "order_number_padding" integer NOT NULL DEFAULT '6',
                "last_order_number" bigint NOT NULL DEFAULT '0',
                "allow_backorders" boolean NOT NULL DEFAULT false,
                "default_stock_location_id" uuid,
                CONSTRAINT "ck_sales_settings__last_order_number" CHECK ("last_order_number" >= 0),
                CONSTRAINT "ck_sales_settings__order_number_padding" CHECK (
                    "order_number_padding" BETWEEN 1 AND 18
                ),
                CONSTRAINT "PK_e6867c5637fa92037149f8044f5" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_sales_settings__workspace_id" ON "sales_settings" ("workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "locations"
            ADD CONSTRAINT "FK_c4ca40d272f0f65581efc14381a" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_dc5698092fa39704ae51ea65388" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_cdcdc9a4b531cbd24c06bc4f9e7" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_9d86eedb460ad10b35d5f9c8ad0" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_c502d53ccb9eef74c903af96a7f" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_57cc0a5321e19890d4a541e73f9" FOREIGN KEY ("debtor_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_a66e141f0dfefd382d1f651d60b" FOREIGN KEY ("ordered_by_id") REFERENCES "contacts"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_2a70e26cacd9b8c2655313729ec" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_6c6a25231a7ca510161308813ce" FOREIGN KEY ("pickup_location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_75886ba147de9fcaad74a35f1f3" FOREIGN KEY ("stock_location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_eed491a98361336612fd871d9d0" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_10bb9d379979b7c80578d9b4cda" FOREIGN KEY ("sales_order_id") REFERENCES "sales_orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_94351a987335d4452480d5ddf06" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "FK_c02205c3b7524c47e10d27c62dc" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "FK_047d196d9a5024775cf1a0d8dbd" FOREIGN KEY ("default_stock_location_id") REFERENCES "locations"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "FK_047d196d9a5024775cf1a0d8dbd"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "FK_c02205c3b7524c47e10d27c62dc"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_94351a987335d4452480d5ddf06"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_10bb9d379979b7c80578d9b4cda"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_eed491a98361336612fd871d9d0"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_75886ba147de9fcaad74a35f1f3"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_6c6a25231a7ca510161308813ce"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_2a70e26cacd9b8c2655313729ec"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_a66e141f0dfefd382d1f651d60b"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_57cc0a5321e19890d4a541e73f9"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_c502d53ccb9eef74c903af96a7f"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_9d86eedb460ad10b35d5f9c8ad0"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_cdcdc9a4b531cbd24c06bc4f9e7"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_dc5698092fa39704ae51ea65388"
        `);
        await queryRunner.query(`
            ALTER TABLE "locations" DROP CONSTRAINT "FK_c4ca40d272f0f65581efc14381a"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_sales_settings__workspace_id"
        `);
        await queryRunner.query(`
            DROP TABLE "sales_settings"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_order_lines_order"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_order_lines_product"
        `);
        await queryRunner.query(`
            DROP TABLE "sales_order_lines"
        `);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata"
            WHERE "type" = $1
                AND "name" = $2
                AND "database" = current_database()
                AND "schema" = $3
                AND "table" = $4
        `, ["GENERATED_COLUMN","total_incl_vat","public","sales_order_lines"]);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata"
            WHERE "type" = $1
                AND "name" = $2
                AND "database" = current_database()
                AND "schema" = $3
                AND "table" = $4
        `, ["GENERATED_COLUMN","vat_amount","public","sales_order_lines"]);
        await queryRunner.query(`
            DELETE FROM "typeorm_metadata"
            WHERE "type" = $1
                AND "name" = $2
                AND "database" = current_database()
                AND "schema" = $3
                AND "table" = $4
        `, ["GENERATED_COLUMN","total_excl_vat","public","sales_order_lines"]);
        await queryRunner.query(`
            DROP INDEX "public"."uq_sales_orders__order_number"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_sales_orders__order_sequence"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_ordered_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_debtor"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_ordered_by"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_client_login"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_status"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_sales_orders_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "sales_orders"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_stocks__product_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_stocks_location"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_stocks_created_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_stocks_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "stocks"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_locations_name"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_locations_display_order"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_locations_external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "locations"
        `);
    }

}
