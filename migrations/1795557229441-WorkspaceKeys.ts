import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Keys that let the schema be distributed by workspace_id: every workspace table's primary key
 * becomes (id, workspace_id) (id first, so lookups by id alone, such as the session and the webhook
 * worker's, stay index scans), the two unique indexes that lacked it lead with workspace_id, and
 * every foreign key between workspace tables becomes (workspace_id, x_id) → (workspace_id, id), so
 * a row can only reference a row of its own workspace. Keys to users and workspaces stay as they
 * are (those tables are shared by every workspace). Runs with data in place: adding a key checks
 * the existing rows.
 *
 * Hand-edited after generation: foreign keys list workspace_id first, and ON DELETE SET NULL names
 * the reference column (PostgreSQL 15+), so deleting the referenced row clears only the reference,
 * never the workspace_id it shares. TypeORM reads both back as it wrote them (SET NULL, same name),
 * so the drift check stays clean.
 */
export class WorkspaceKeys1795557229441 implements MigrationInterface {
    name = 'WorkspaceKeys1795557229441'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_44f182b070f21e60de421f6092a"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "FK_5f151d414daab0290f65b517ed4"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_8932d4a8864528502792ae05ff2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_16f769ba7f32d984780bf5a3f10"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "FK_b52bcdcdd46cec98713991d4a1d"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_2a0f84c7961ba13ac792b4b2e2e"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_e2c001f6d8744c77513f1367e30"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_5bc36ce05cc397317480efb18f6"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_1530a6f15d3c79d1b70be98f2be"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_3964fb543a5e080db83a158035c"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_61655fe2f6d179eced519392ced"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_f1f04534a41f575a6def0710063"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes" DROP CONSTRAINT "FK_08e75dc13a9057314738f004496"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_5cc14aa7774220729372744870c"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_6beb2ec3c9ed6d5c01eb31c07ca"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_a108ea5e3a037ff68cc50818665"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_6a244b8fec3db8a3ce4b8c797e5"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_2e43ae802e7c0880379611f28e4"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_f0f3ba8e25f391c7cb5af810655"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images" DROP CONSTRAINT "FK_4f166bb8c2bfcef2498d97b4068"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers" DROP CONSTRAINT "FK_3b378853589048f985cd20a12d2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "FK_09ccae85a6d5dcc955e9cb32ca5"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_afec33ba3a7fd34bb56de290987"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_bf9a30fc0b88bb68c4b0eab9bbe"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_7f2a8d6b781a4d82ceb42b10bd2"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_d10a5278cf6636bf4989ee85c82"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_54a21f670761480190b57bbfa7a"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_59e06a12e79461fb517d6d8d2c0"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_f66125c439ab878348e5662f9cf"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_f6d2471c7e8d0358ab765f30cdf"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "FK_4ec2824f0fcb5e5648c3f22dc41"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_9e8ce2b9d84c7fb97105ce7f007"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_2b97d1ea508c53e8e01e7feda68"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_66ca340eb0de0615ab6edad29a1"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_ebc2d30446c606fbd0dea7689e4"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_e7d5119b5ba2434bca2a2892b02"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_9f96055433856626fbe09b397bb"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_695439368762103b8a3f965e789"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_cdcdc9a4b531cbd24c06bc4f9e7"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_9d86eedb460ad10b35d5f9c8ad0"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_57cc0a5321e19890d4a541e73f9"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_a66e141f0dfefd382d1f651d60b"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_2a70e26cacd9b8c2655313729ec"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_6c6a25231a7ca510161308813ce"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_75886ba147de9fcaad74a35f1f3"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_10bb9d379979b7c80578d9b4cda"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_94351a987335d4452480d5ddf06"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "FK_047d196d9a5024775cf1a0d8dbd"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_contact_accounts__account_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_deal_contacts__contact_id"
        `);
        await queryRunner.query(`
            ALTER TABLE "activities" DROP CONSTRAINT "PK_7f4004429f731ffb9c88eb486a8"
        `);
        await queryRunner.query(`
            ALTER TABLE "activities"
            ADD CONSTRAINT "PK_12d66aa2ccdd9524c33ecfc83f2" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "stored_files" DROP CONSTRAINT "pk_stored_files"
        `);
        await queryRunner.query(`
            ALTER TABLE "stored_files"
            ADD CONSTRAINT "pk_stored_files" PRIMARY KEY ("key", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins" DROP CONSTRAINT "PK_6e17ecc3b3b72cc03f99cecb390"
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins"
            ADD CONSTRAINT "PK_70417c4b52f9db8f90763b16813" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "PK_641507381f32580e8479efc36cd"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "PK_d57d407646cb6e91a79e124f312" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "currencies" DROP CONSTRAINT "PK_d528c54860c4182db13548e08c4"
        `);
        await queryRunner.query(`
            ALTER TABLE "currencies"
            ADD CONSTRAINT "PK_ccd8b5e3598900832bb15d751af" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "PK_7069dac60d88408eca56fdc9e0c"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "PK_7645ec5b6bd92c59861a02ee6ef" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes" DROP CONSTRAINT "PK_4fa18fc5c893cb9894fc40ca921"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes"
            ADD CONSTRAINT "PK_5b54f223b5f2d0e088e35792aa1" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "PK_6000e3d979d041e94654610f4fb"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "PK_17c29b2e124c74e283cf38ec97b" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "brands" DROP CONSTRAINT "PK_b0c437120b624da1034a81fc561"
        `);
        await queryRunner.query(`
            ALTER TABLE "brands"
            ADD CONSTRAINT "PK_91c9b3065c34b28dcdd94c62389" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs" DROP CONSTRAINT "PK_1883399275415ee6107413fe6c3"
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs"
            ADD CONSTRAINT "PK_f71c38baf783ab37838a0e7a8c8" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "PK_b8ccc5b2e75044a7d91ae716158"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "PK_43373d0a5f9fb85a61bc001101d" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers" DROP CONSTRAINT "PK_138520de32c379a48e703441975"
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers"
            ADD CONSTRAINT "PK_f45a234af48b7938ed259503017" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "PK_14ea310a31a40fc423c23ba0116"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "PK_cbb22f7f66a30f0608736845cd1" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d"
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "PK_f2a4ee17826ef06fa47687307ed" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "PK_b124baf1272037deac1c21cffe1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "PK_4b917d99c3a7849f9ac8c75b6b3" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes" DROP CONSTRAINT "PK_459d7d53aebb732e6c8460247d6"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes"
            ADD CONSTRAINT "PK_4b69f3788d2a0f82e675453a040" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "PK_8ab025d8a4674b05f835227b12e"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "PK_ed9ba5342f9be32673ed3632e04" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "PK_332576f6594fa40b904800982e7"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "PK_f1f9b60961b136ba1e8688cd64a" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "PK_8680455b8f9490a81556c3a222f"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "PK_09c8e7525cdb7e01d97fc648da1" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images" DROP CONSTRAINT "PK_1974264ea7265989af8392f63a1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images"
            ADD CONSTRAINT "PK_99428c39f3e64073327ce7aa8a1" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers" DROP CONSTRAINT "PK_a8eb6c1cdc7531d5a591c7dc972"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers"
            ADD CONSTRAINT "PK_527d57f0b21758931ebba857bf6" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "PK_16e29c52560d13021be370fa005"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "PK_e5060646b08325e6052313ef198" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "PK_b1c548ea8889405c2847b1ed650"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "PK_d2fa32ee19b02c2d6808a1f8368" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "PK_1acf20e713fab702bd4b65b09bb"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "PK_55ec0c84b5577bd039473948a68" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "PK_5a7a02c20412299d198e097a8fe"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "PK_85f74a4c9a16bf84bb4abb6aec7" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "PK_c415b7f622482a65eca9725bd82" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "PK_f8c75c225f458c7e325bba4c6af"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "PK_ef3b2a48d8d328271c60d118356" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "comments" DROP CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb"
        `);
        await queryRunner.query(`
            ALTER TABLE "comments"
            ADD CONSTRAINT "PK_b6924d8ee04027b7b9aa58a19d3" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines" DROP CONSTRAINT "PK_e38ea171cdfad107c1f3db2c036"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines"
            ADD CONSTRAINT "PK_2cbbb82e83cc91d79889a140d1b" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "PK_5920e66fd1613399e18b0414dce"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "PK_53ccf2eefa66528b79774dcdf28" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "PK_8c66f03b250f613ff8615940b4b"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "PK_3c962aa70959f0ebbf6199623a9" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "PK_e5be20461b235feb7b347a803e6"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "PK_a61ca59e601fabdd6fcea25e36d" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "PK_37d93e833e461dc00720be123dd"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "PK_c5e193eaa4f2eff810cd74d6344" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts" DROP CONSTRAINT "PK_c9586bcbf90831dbabf64d70269"
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts"
            ADD CONSTRAINT "PK_f1b7723ceb8867b7b5b113f0f66" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "vat_codes" DROP CONSTRAINT "PK_c043aeee26a13a380edde81650a"
        `);
        await queryRunner.query(`
            ALTER TABLE "vat_codes"
            ADD CONSTRAINT "PK_32110e96875f7588e371d3c0100" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "documents" DROP CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c"
        `);
        await queryRunner.query(`
            ALTER TABLE "documents"
            ADD CONSTRAINT "PK_48b33120c3196e4713c84bbffe5" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "content_pages" DROP CONSTRAINT "PK_5f7201667a2be0ed2f8f9a0876d"
        `);
        await queryRunner.query(`
            ALTER TABLE "content_pages"
            ADD CONSTRAINT "PK_7921420d387cee14ea6122b30db" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks" DROP CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks"
            ADD CONSTRAINT "PK_32221ee9246706d44436bf4dba6" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "PK_9c87e28a4c1b217d778cb05b190" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "locations" DROP CONSTRAINT "PK_7cc1c9e3853b94816c094825e74"
        `);
        await queryRunner.query(`
            ALTER TABLE "locations"
            ADD CONSTRAINT "PK_e0245e705bf4e065794cfe4d1c6" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "PK_b5b1ee4ac914767229337974575"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "PK_35e57b397a8da65da2a5f48e6b7" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "PK_5328297e067ca929fbe7cf989dd"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "PK_cbcfaba221e76703f8a16b2ca44" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "PK_91a9fd0ffdb8572374cf89df4da"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "PK_a03bbc22888d1fd7a9f9ac37e12" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "PK_e6867c5637fa92037149f8044f5"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "PK_cc8df00d811d76d37f3a5dfd33a" PRIMARY KEY ("id", "workspace_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_contact_accounts__account_id" ON "contact_accounts" ("workspace_id", "contact_id", "account_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_deal_contacts__contact_id" ON "deal_contacts" ("workspace_id", "deal_id", "contact_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "FK_0148c34d81fc6f77e9d966d04c8" FOREIGN KEY ("workspace_id", "client_login_id") REFERENCES "client_logins"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "FK_b75beb62436aa689bc627bdcd31" FOREIGN KEY ("workspace_id", "parent_id") REFERENCES "product_categories"("workspace_id", "id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_949a859d567caa9858113e70d76" FOREIGN KEY ("workspace_id", "attribute_id") REFERENCES "product_attributes"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_645df78953937baed4b0a3b43a7" FOREIGN KEY ("workspace_id", "category_id") REFERENCES "product_categories"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "FK_defb8134fcd7f227aa84d2ab33a" FOREIGN KEY ("workspace_id", "product_category_id") REFERENCES "product_categories"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_b93106c32c93f7597ef996e2160" FOREIGN KEY ("workspace_id", "attribute_id") REFERENCES "product_attributes"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_5490c92b74caeec0fcf21dd19d1" FOREIGN KEY ("workspace_id", "category_id") REFERENCES "product_categories"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_97cd085ba91121d7ceee70de10f" FOREIGN KEY ("workspace_id", "vat_code_id") REFERENCES "vat_codes"("workspace_id", "id") ON DELETE SET NULL ("vat_code_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_139ab18008b1e48d0afc36a8589" FOREIGN KEY ("workspace_id", "brand_id") REFERENCES "brands"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_d8bf195246f5c62bd5efe9951b0" FOREIGN KEY ("workspace_id", "manufacturer_id") REFERENCES "manufacturers"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_51dada9dada7e3435e90c9fafd4" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_1139b46503671d79cd556ddfd6f" FOREIGN KEY ("workspace_id", "attribute_id") REFERENCES "product_attributes"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes"
            ADD CONSTRAINT "FK_306e0a87c71411654a3153bf9f1" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_fd54f466ee8bf098295ea9d91ce" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_2a5b665246ec2485d97d78620e9" FOREIGN KEY ("workspace_id", "catalog_id") REFERENCES "catalogs"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_4ac06a23a83ed5807c9f218e94a" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_6590ef43ba3a04641b11961a8a6" FOREIGN KEY ("workspace_id", "category_id") REFERENCES "product_categories"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_8f5ea95b649e8be9c08a58f01f9" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_ab420f579827ffc2699e60ebaa1" FOREIGN KEY ("workspace_id", "component_product_id") REFERENCES "products"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images"
            ADD CONSTRAINT "FK_d116e1bf1eb92cae8797901c6a8" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers"
            ADD CONSTRAINT "FK_310fd82666c61c3ae9235efd425" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "FK_1f97ce0e2c82fb29b0a601511ec" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_384f90664b4ddb54719d2a74036" FOREIGN KEY ("workspace_id", "client_login_id") REFERENCES "client_logins"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_b96af410436632b8049414199d6" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_8b852380a81ab67d15ba835af7c" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_15003bf2a26bc48d97587fdefd3" FOREIGN KEY ("workspace_id", "attribute_id") REFERENCES "product_attributes"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_830fd507aab5a75653c3cde97b0" FOREIGN KEY ("workspace_id", "product_catalog_id") REFERENCES "catalogs"("workspace_id", "id") ON DELETE SET NULL ("product_catalog_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_08fad05d19d9b55c8dd156da9d1" FOREIGN KEY ("workspace_id", "client_login_id") REFERENCES "client_logins"("workspace_id", "id") ON DELETE SET NULL ("client_login_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_7b3c54a2595206bc3dd4601bfd0" FOREIGN KEY ("workspace_id", "contact_id") REFERENCES "contacts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_9a246e88675a83c5036a168cf75" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "FK_0a68beef33d2d91b5d92254f6fd" FOREIGN KEY ("workspace_id", "pipeline_id") REFERENCES "pipelines"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_43cf767f383f51aef4efe8ceebd" FOREIGN KEY ("workspace_id", "pipeline_id") REFERENCES "pipelines"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_e3f92fcf5fd2507abbddd85f53f" FOREIGN KEY ("workspace_id", "account_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE SET NULL ("account_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_5054f8f2f3841c162d51d5fde64" FOREIGN KEY ("workspace_id", "deal_id") REFERENCES "deals"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_c354e1d0a830d1b2fb12960f2bc" FOREIGN KEY ("workspace_id", "contact_id") REFERENCES "contacts"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_9d3dd7cb7d89a3e2d27157559b2" FOREIGN KEY ("workspace_id", "deal_id") REFERENCES "deals"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_62315e04e666d7f5cd57c36aab2" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_d8dace7e3097664140242d76a6f" FOREIGN KEY ("workspace_id", "webhook_id") REFERENCES "webhooks"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_271707fcf99be19619e8c6ae971" FOREIGN KEY ("workspace_id", "activity_id") REFERENCES "activities"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_da480903aa2ad9a2062fd7b2f68" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_33c3dadb75c489d626700f5a644" FOREIGN KEY ("workspace_id", "location_id") REFERENCES "locations"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_006b864d22c4b8f3da48c3e34c3" FOREIGN KEY ("workspace_id", "debtor_id") REFERENCES "accounts"("workspace_id", "id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_20418a5867e7241e404d058e6a7" FOREIGN KEY ("workspace_id", "ordered_by_id") REFERENCES "contacts"("workspace_id", "id") ON DELETE SET NULL ("ordered_by_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_af68edfb0aa3847f37a83ce2e56" FOREIGN KEY ("workspace_id", "client_login_id") REFERENCES "client_logins"("workspace_id", "id") ON DELETE SET NULL ("client_login_id") ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_8b0d51d90290ec8f11fe80bf54c" FOREIGN KEY ("workspace_id", "pickup_location_id") REFERENCES "locations"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_bbc389391b1d3812b5957951041" FOREIGN KEY ("workspace_id", "stock_location_id") REFERENCES "locations"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_9c86451912a525264fc49dab7f6" FOREIGN KEY ("workspace_id", "sales_order_id") REFERENCES "sales_orders"("workspace_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_094b4bf512480b0847bb48805ec" FOREIGN KEY ("workspace_id", "product_id") REFERENCES "products"("workspace_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "FK_8479ab682f988d3fa79bdbd90f4" FOREIGN KEY ("workspace_id", "default_stock_location_id") REFERENCES "locations"("workspace_id", "id") ON DELETE SET NULL ("default_stock_location_id") ON UPDATE NO ACTION
        `);
        // The deal → status key predates this migration: re-created with workspace_id first.
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0" FOREIGN KEY ("workspace_id", "pipeline_id", "status_id") REFERENCES "pipeline_statuses"("workspace_id", "pipeline_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_eeb3dea8c5c74e3316215dd17c0" FOREIGN KEY ("status_id", "workspace_id", "pipeline_id") REFERENCES "pipeline_statuses"("id", "workspace_id", "pipeline_id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "FK_8479ab682f988d3fa79bdbd90f4"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_094b4bf512480b0847bb48805ec"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "FK_9c86451912a525264fc49dab7f6"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_bbc389391b1d3812b5957951041"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_8b0d51d90290ec8f11fe80bf54c"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_af68edfb0aa3847f37a83ce2e56"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_20418a5867e7241e404d058e6a7"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "FK_006b864d22c4b8f3da48c3e34c3"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_33c3dadb75c489d626700f5a644"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "FK_da480903aa2ad9a2062fd7b2f68"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_271707fcf99be19619e8c6ae971"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_d8dace7e3097664140242d76a6f"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_62315e04e666d7f5cd57c36aab2"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "FK_9d3dd7cb7d89a3e2d27157559b2"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_c354e1d0a830d1b2fb12960f2bc"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "FK_5054f8f2f3841c162d51d5fde64"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_e3f92fcf5fd2507abbddd85f53f"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "FK_43cf767f383f51aef4efe8ceebd"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "FK_0a68beef33d2d91b5d92254f6fd"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_9a246e88675a83c5036a168cf75"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_7b3c54a2595206bc3dd4601bfd0"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_08fad05d19d9b55c8dd156da9d1"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_830fd507aab5a75653c3cde97b0"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_15003bf2a26bc48d97587fdefd3"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "FK_8b852380a81ab67d15ba835af7c"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_b96af410436632b8049414199d6"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "FK_384f90664b4ddb54719d2a74036"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "FK_1f97ce0e2c82fb29b0a601511ec"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers" DROP CONSTRAINT "FK_310fd82666c61c3ae9235efd425"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images" DROP CONSTRAINT "FK_d116e1bf1eb92cae8797901c6a8"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_ab420f579827ffc2699e60ebaa1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "FK_8f5ea95b649e8be9c08a58f01f9"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_6590ef43ba3a04641b11961a8a6"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "FK_4ac06a23a83ed5807c9f218e94a"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_2a5b665246ec2485d97d78620e9"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "FK_fd54f466ee8bf098295ea9d91ce"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes" DROP CONSTRAINT "FK_306e0a87c71411654a3153bf9f1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_1139b46503671d79cd556ddfd6f"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "FK_51dada9dada7e3435e90c9fafd4"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_d8bf195246f5c62bd5efe9951b0"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_139ab18008b1e48d0afc36a8589"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_97cd085ba91121d7ceee70de10f"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_5490c92b74caeec0fcf21dd19d1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "FK_b93106c32c93f7597ef996e2160"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "FK_defb8134fcd7f227aa84d2ab33a"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_645df78953937baed4b0a3b43a7"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "FK_949a859d567caa9858113e70d76"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "FK_b75beb62436aa689bc627bdcd31"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_0148c34d81fc6f77e9d966d04c8"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_deal_contacts__contact_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_contact_accounts__account_id"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings" DROP CONSTRAINT "PK_cc8df00d811d76d37f3a5dfd33a"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "PK_e6867c5637fa92037149f8044f5" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines" DROP CONSTRAINT "PK_a03bbc22888d1fd7a9f9ac37e12"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "PK_91a9fd0ffdb8572374cf89df4da" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders" DROP CONSTRAINT "PK_cbcfaba221e76703f8a16b2ca44"
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "PK_5328297e067ca929fbe7cf989dd" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks" DROP CONSTRAINT "PK_35e57b397a8da65da2a5f48e6b7"
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "PK_b5b1ee4ac914767229337974575" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "locations" DROP CONSTRAINT "PK_e0245e705bf4e065794cfe4d1c6"
        `);
        await queryRunner.query(`
            ALTER TABLE "locations"
            ADD CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "PK_9c87e28a4c1b217d778cb05b190"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks" DROP CONSTRAINT "PK_32221ee9246706d44436bf4dba6"
        `);
        await queryRunner.query(`
            ALTER TABLE "webhooks"
            ADD CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "content_pages" DROP CONSTRAINT "PK_7921420d387cee14ea6122b30db"
        `);
        await queryRunner.query(`
            ALTER TABLE "content_pages"
            ADD CONSTRAINT "PK_5f7201667a2be0ed2f8f9a0876d" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "documents" DROP CONSTRAINT "PK_48b33120c3196e4713c84bbffe5"
        `);
        await queryRunner.query(`
            ALTER TABLE "documents"
            ADD CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "vat_codes" DROP CONSTRAINT "PK_32110e96875f7588e371d3c0100"
        `);
        await queryRunner.query(`
            ALTER TABLE "vat_codes"
            ADD CONSTRAINT "PK_c043aeee26a13a380edde81650a" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts" DROP CONSTRAINT "PK_f1b7723ceb8867b7b5b113f0f66"
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts"
            ADD CONSTRAINT "PK_c9586bcbf90831dbabf64d70269" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products" DROP CONSTRAINT "PK_c5e193eaa4f2eff810cd74d6344"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "PK_37d93e833e461dc00720be123dd" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts" DROP CONSTRAINT "PK_a61ca59e601fabdd6fcea25e36d"
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "PK_e5be20461b235feb7b347a803e6" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "deals" DROP CONSTRAINT "PK_3c962aa70959f0ebbf6199623a9"
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "PK_8c66f03b250f613ff8615940b4b" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses" DROP CONSTRAINT "PK_53ccf2eefa66528b79774dcdf28"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "PK_5920e66fd1613399e18b0414dce" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines" DROP CONSTRAINT "PK_2cbbb82e83cc91d79889a140d1b"
        `);
        await queryRunner.query(`
            ALTER TABLE "pipelines"
            ADD CONSTRAINT "PK_e38ea171cdfad107c1f3db2c036" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "comments" DROP CONSTRAINT "PK_b6924d8ee04027b7b9aa58a19d3"
        `);
        await queryRunner.query(`
            ALTER TABLE "comments"
            ADD CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "PK_ef3b2a48d8d328271c60d118356"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "PK_f8c75c225f458c7e325bba4c6af" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "PK_c415b7f622482a65eca9725bd82"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "PK_85f74a4c9a16bf84bb4abb6aec7"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores" DROP CONSTRAINT "PK_55ec0c84b5577bd039473948a68"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "PK_1acf20e713fab702bd4b65b09bb" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products" DROP CONSTRAINT "PK_d2fa32ee19b02c2d6808a1f8368"
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "PK_b1c548ea8889405c2847b1ed650" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents" DROP CONSTRAINT "PK_e5060646b08325e6052313ef198"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "PK_16e29c52560d13021be370fa005" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers" DROP CONSTRAINT "PK_527d57f0b21758931ebba857bf6"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers"
            ADD CONSTRAINT "PK_a8eb6c1cdc7531d5a591c7dc972" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images" DROP CONSTRAINT "PK_99428c39f3e64073327ce7aa8a1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images"
            ADD CONSTRAINT "PK_1974264ea7265989af8392f63a1" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components" DROP CONSTRAINT "PK_09c8e7525cdb7e01d97fc648da1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "PK_8680455b8f9490a81556c3a222f" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links" DROP CONSTRAINT "PK_f1f9b60961b136ba1e8688cd64a"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "PK_332576f6594fa40b904800982e7" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links" DROP CONSTRAINT "PK_ed9ba5342f9be32673ed3632e04"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "PK_8ab025d8a4674b05f835227b12e" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes" DROP CONSTRAINT "PK_4b69f3788d2a0f82e675453a040"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes"
            ADD CONSTRAINT "PK_459d7d53aebb732e6c8460247d6" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values" DROP CONSTRAINT "PK_4b917d99c3a7849f9ac8c75b6b3"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "PK_b124baf1272037deac1c21cffe1" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "PK_f2a4ee17826ef06fa47687307ed"
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters" DROP CONSTRAINT "PK_cbb22f7f66a30f0608736845cd1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "PK_14ea310a31a40fc423c23ba0116" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers" DROP CONSTRAINT "PK_f45a234af48b7938ed259503017"
        `);
        await queryRunner.query(`
            ALTER TABLE "manufacturers"
            ADD CONSTRAINT "PK_138520de32c379a48e703441975" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents" DROP CONSTRAINT "PK_43373d0a5f9fb85a61bc001101d"
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "PK_b8ccc5b2e75044a7d91ae716158" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs" DROP CONSTRAINT "PK_f71c38baf783ab37838a0e7a8c8"
        `);
        await queryRunner.query(`
            ALTER TABLE "catalogs"
            ADD CONSTRAINT "PK_1883399275415ee6107413fe6c3" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "brands" DROP CONSTRAINT "PK_91c9b3065c34b28dcdd94c62389"
        `);
        await queryRunner.query(`
            ALTER TABLE "brands"
            ADD CONSTRAINT "PK_b0c437120b624da1034a81fc561" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories" DROP CONSTRAINT "PK_17c29b2e124c74e283cf38ec97b"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "PK_6000e3d979d041e94654610f4fb" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes" DROP CONSTRAINT "PK_5b54f223b5f2d0e088e35792aa1"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attributes"
            ADD CONSTRAINT "PK_4fa18fc5c893cb9894fc40ca921" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories" DROP CONSTRAINT "PK_7645ec5b6bd92c59861a02ee6ef"
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "PK_7069dac60d88408eca56fdc9e0c" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "currencies" DROP CONSTRAINT "PK_ccd8b5e3598900832bb15d751af"
        `);
        await queryRunner.query(`
            ALTER TABLE "currencies"
            ADD CONSTRAINT "PK_d528c54860c4182db13548e08c4" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions" DROP CONSTRAINT "PK_d57d407646cb6e91a79e124f312"
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "PK_641507381f32580e8479efc36cd" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins" DROP CONSTRAINT "PK_70417c4b52f9db8f90763b16813"
        `);
        await queryRunner.query(`
            ALTER TABLE "client_logins"
            ADD CONSTRAINT "PK_6e17ecc3b3b72cc03f99cecb390" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            ALTER TABLE "stored_files" DROP CONSTRAINT "pk_stored_files"
        `);
        await queryRunner.query(`
            ALTER TABLE "stored_files"
            ADD CONSTRAINT "pk_stored_files" PRIMARY KEY ("key")
        `);
        await queryRunner.query(`
            ALTER TABLE "activities" DROP CONSTRAINT "PK_12d66aa2ccdd9524c33ecfc83f2"
        `);
        await queryRunner.query(`
            ALTER TABLE "activities"
            ADD CONSTRAINT "PK_7f4004429f731ffb9c88eb486a8" PRIMARY KEY ("id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_deal_contacts__contact_id" ON "deal_contacts" USING btree ("deal_id", "contact_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_contact_accounts__account_id" ON "contact_accounts" USING btree ("contact_id", "account_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_settings"
            ADD CONSTRAINT "FK_047d196d9a5024775cf1a0d8dbd" FOREIGN KEY ("default_stock_location_id") REFERENCES "locations"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_94351a987335d4452480d5ddf06" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_order_lines"
            ADD CONSTRAINT "FK_10bb9d379979b7c80578d9b4cda" FOREIGN KEY ("sales_order_id") REFERENCES "sales_orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_75886ba147de9fcaad74a35f1f3" FOREIGN KEY ("stock_location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_6c6a25231a7ca510161308813ce" FOREIGN KEY ("pickup_location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_2a70e26cacd9b8c2655313729ec" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_a66e141f0dfefd382d1f651d60b" FOREIGN KEY ("ordered_by_id") REFERENCES "contacts"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "sales_orders"
            ADD CONSTRAINT "FK_57cc0a5321e19890d4a541e73f9" FOREIGN KEY ("debtor_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_9d86eedb460ad10b35d5f9c8ad0" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "stocks"
            ADD CONSTRAINT "FK_cdcdc9a4b531cbd24c06bc4f9e7" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_695439368762103b8a3f965e789" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "webhook_deliveries"
            ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_9f96055433856626fbe09b397bb" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_products"
            ADD CONSTRAINT "FK_e7d5119b5ba2434bca2a2892b02" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_ebc2d30446c606fbd0dea7689e4" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deal_contacts"
            ADD CONSTRAINT "FK_66ca340eb0de0615ab6edad29a1" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_2b97d1ea508c53e8e01e7feda68" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "deals"
            ADD CONSTRAINT "FK_9e8ce2b9d84c7fb97105ce7f007" FOREIGN KEY ("pipeline_id") REFERENCES "pipelines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pipeline_statuses"
            ADD CONSTRAINT "FK_4ec2824f0fcb5e5648c3f22dc41" FOREIGN KEY ("pipeline_id") REFERENCES "pipelines"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_f6d2471c7e8d0358ab765f30cdf" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_f66125c439ab878348e5662f9cf" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_59e06a12e79461fb517d6d8d2c0" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_54a21f670761480190b57bbfa7a" FOREIGN KEY ("product_catalog_id") REFERENCES "catalogs"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_d10a5278cf6636bf4989ee85c82" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_issue_ignores"
            ADD CONSTRAINT "FK_7f2a8d6b781a4d82ceb42b10bd2" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_bf9a30fc0b88bb68c4b0eab9bbe" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "favourite_products"
            ADD CONSTRAINT "FK_afec33ba3a7fd34bb56de290987" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_display_contents"
            ADD CONSTRAINT "FK_09ccae85a6d5dcc955e9cb32ca5" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_price_tiers"
            ADD CONSTRAINT "FK_3b378853589048f985cd20a12d2" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_images"
            ADD CONSTRAINT "FK_4f166bb8c2bfcef2498d97b4068" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_f0f3ba8e25f391c7cb5af810655" FOREIGN KEY ("component_product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_components"
            ADD CONSTRAINT "FK_2e43ae802e7c0880379611f28e4" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_6a244b8fec3db8a3ce4b8c797e5" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_category_links"
            ADD CONSTRAINT "FK_a108ea5e3a037ff68cc50818665" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_6beb2ec3c9ed6d5c01eb31c07ca" FOREIGN KEY ("catalog_id") REFERENCES "catalogs"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_catalog_links"
            ADD CONSTRAINT "FK_5cc14aa7774220729372744870c" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_barcodes"
            ADD CONSTRAINT "FK_08e75dc13a9057314738f004496" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_f1f04534a41f575a6def0710063" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_values"
            ADD CONSTRAINT "FK_61655fe2f6d179eced519392ced" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_3964fb543a5e080db83a158035c" FOREIGN KEY ("vat_code_id") REFERENCES "vat_codes"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_1530a6f15d3c79d1b70be98f2be" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_5bc36ce05cc397317480efb18f6" FOREIGN KEY ("manufacturer_id") REFERENCES "manufacturers"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_e2c001f6d8744c77513f1367e30" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_filters"
            ADD CONSTRAINT "FK_2a0f84c7961ba13ac792b4b2e2e" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "category_display_contents"
            ADD CONSTRAINT "FK_b52bcdcdd46cec98713991d4a1d" FOREIGN KEY ("product_category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_16f769ba7f32d984780bf5a3f10" FOREIGN KEY ("category_id") REFERENCES "product_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_attribute_categories"
            ADD CONSTRAINT "FK_8932d4a8864528502792ae05ff2" FOREIGN KEY ("attribute_id") REFERENCES "product_attributes"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "product_categories"
            ADD CONSTRAINT "FK_5f151d414daab0290f65b517ed4" FOREIGN KEY ("parent_id") REFERENCES "product_categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "auth_sessions"
            ADD CONSTRAINT "FK_44f182b070f21e60de421f6092a" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

}
