import { MigrationInterface, QueryRunner } from "typeorm";

/** The narrow symbol ICU writes for a currency code (the code when it has none). */
function symbolOf(code: string): string {
    try {
        const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
        return (parts.find((p) => p.type === 'currency')?.value ?? code).slice(0, 10);
    } catch {
        return code;
    }
}

export class Currencies1795547258011 implements MigrationInterface {
    name = 'Currencies1795547258011'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "currencies" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "code" character varying(3) NOT NULL,
                "symbol" character varying(10) NOT NULL,
                "exchange_rate" numeric(20, 10) NOT NULL,
                "is_default" boolean NOT NULL DEFAULT false,
                CONSTRAINT "ck_currencies__exchange_rate" CHECK ("exchange_rate" > 0),
                CONSTRAINT "PK_d528c54860c4182db13548e08c4" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_currencies__external_reference" ON "currencies" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_currencies__is_default" ON "currencies" ("workspace_id")
            WHERE "is_default"
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_currencies__code" ON "currencies" ("workspace_id", "code")
        `);
        await queryRunner.query(`
            ALTER TABLE "currencies"
            ADD CONSTRAINT "FK_da7a6a7d789d173a9f898460dce" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Every existing workspace gets its default currency (workspaces.default_currency) as its base.
        const workspaces = (await queryRunner.query(`SELECT id, default_currency FROM workspaces`)) as Array<{
            id: string;
            default_currency: string;
        }>;
        for (const w of workspaces) {
            await queryRunner.query(
                `INSERT INTO currencies (id, workspace_id, code, symbol, exchange_rate, is_default)
                 VALUES (gen_random_uuid(), $1, $2, $3, 1, true)`,
                [w.id, w.default_currency, symbolOf(w.default_currency)],
            );
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "currencies" DROP CONSTRAINT "FK_da7a6a7d789d173a9f898460dce"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_currencies__code"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_currencies__is_default"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_currencies__external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "currencies"
        `);
    }

}
