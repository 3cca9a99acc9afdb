import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pricing: VAT codes (every workspace gets the default set; existing ones here, new ones through
 * the pricing context's workspace initializer) and atomic scripts, whose changes notify
 * `atomic_scripts_changed` with the workspace id so every instance drops its compiled scripts.
 * `products.vat_code_id` becomes a real reference: values stored before (never checked) are cleared.
 */

export class PricingVatCodesAtomicScripts1795547454480 implements MigrationInterface {
    name = 'PricingVatCodesAtomicScripts1795547454480'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "atomic_scripts" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "name" character varying(255) NOT NULL,
                "description" text,
                "trigger" character varying(32) NOT NULL,
                "code" text NOT NULL,
                "active" boolean NOT NULL DEFAULT true,
                "display_order" integer NOT NULL DEFAULT '0',
                CONSTRAINT "ck_atomic_scripts__trigger" CHECK ("trigger" IN ('PriceCalculation')),
                CONSTRAINT "PK_c9586bcbf90831dbabf64d70269" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_atomic_scripts__name" ON "atomic_scripts" ("workspace_id", "name", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_atomic_scripts__trigger" ON "atomic_scripts" ("workspace_id", "trigger", "display_order", "id")
        `);
        await queryRunner.query(`
            CREATE TABLE "vat_codes" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "code" character varying(32) NOT NULL,
                "name" character varying(255) NOT NULL,
                "rate" numeric(7, 4) NOT NULL,
                "is_default" boolean NOT NULL DEFAULT false,
                "display_order" integer NOT NULL DEFAULT '0',
                CONSTRAINT "ck_vat_codes__rate" CHECK (
                    "rate" >= 0
                    AND "rate" <= 100
                ),
                CONSTRAINT "PK_c043aeee26a13a380edde81650a" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_vat_codes__is_default" ON "vat_codes" ("workspace_id")
            WHERE "is_default"
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_vat_codes__code" ON "vat_codes" ("workspace_id", "code")
        `);
        await queryRunner.query(`
            INSERT INTO "vat_codes" ("id", "workspace_id", "code", "name", "rate", "is_default", "display_order")
            SELECT gen_random_uuid(), w."id", d."code", d."name", d."rate", d."is_default", d."display_order"
              FROM "workspaces" w
             CROSS JOIN (VALUES
                ('Standard', 'Standard rate', 21, true, 0),
                ('Reduced', 'Reduced rate', 9, false, 1),
                ('Zero', 'Zero rate', 0, false, 2),
                ('Exempt', 'Exempt from VAT', 0, false, 3)
             ) AS d("code", "name", "rate", "is_default", "display_order")
        `);
        await queryRunner.query(`
            UPDATE "products" SET "vat_code_id" = NULL WHERE "vat_code_id" IS NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "products"
            ADD CONSTRAINT "FK_3964fb543a5e080db83a158035c" FOREIGN KEY ("vat_code_id") REFERENCES "vat_codes"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts"
            ADD CONSTRAINT "FK_75fd9d7ebe0c9fa7b0f54ec444b" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "vat_codes"
            ADD CONSTRAINT "FK_6f701e81d496ed28059a4c75428" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            CREATE FUNCTION "notify_atomic_scripts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_LEVEL = 'STATEMENT' THEN
                    PERFORM pg_notify('atomic_scripts_changed', '');
                ELSIF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('atomic_scripts_changed', OLD."workspace_id"::text);
                ELSE
                    PERFORM pg_notify('atomic_scripts_changed', NEW."workspace_id"::text);
                END IF;
                RETURN NULL;
            END
            $$
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_atomic_scripts__changed"
            AFTER INSERT OR UPDATE OR DELETE ON "atomic_scripts"
            FOR EACH ROW EXECUTE FUNCTION "notify_atomic_scripts_changed"()
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_atomic_scripts__truncated"
            AFTER TRUNCATE ON "atomic_scripts"
            FOR EACH STATEMENT EXECUTE FUNCTION "notify_atomic_scripts_changed"()
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "tr_atomic_scripts__truncated" ON "atomic_scripts"`);
        await queryRunner.query(`DROP TRIGGER "tr_atomic_scripts__changed" ON "atomic_scripts"`);
        await queryRunner.query(`DROP FUNCTION "notify_atomic_scripts_changed"()`);
        await queryRunner.query(`
            ALTER TABLE "vat_codes" DROP CONSTRAINT "FK_6f701e81d496ed28059a4c75428"
        `);
        await queryRunner.query(`
            ALTER TABLE "atomic_scripts" DROP CONSTRAINT "FK_75fd9d7ebe0c9fa7b0f54ec444b"
        `);
        await queryRunner.query(`
            ALTER TABLE "products" DROP CONSTRAINT "FK_3964fb543a5e080db83a158035c"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_vat_codes__code"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_vat_codes__is_default"
        `);
        await queryRunner.query(`
            DROP TABLE "vat_codes"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_atomic_scripts__trigger"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_atomic_scripts__name"
        `);
        await queryRunner.query(`
            DROP TABLE "atomic_scripts"
        `);
    }

}
