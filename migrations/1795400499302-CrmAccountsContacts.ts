import { MigrationInterface, QueryRunner } from "typeorm";

export class CrmAccountsContacts1795400499302 implements MigrationInterface {
    name = 'CrmAccountsContacts1795400499302'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "accounts" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "display_name" character varying(255) NOT NULL,
                "description" text,
                "notes" text,
                "account_code" character varying(255),
                "account_status" character varying(100),
                "account_type" character varying(20),
                "owner_id" uuid,
                "sales_order_processor_id" uuid,
                "industries" text array NOT NULL DEFAULT '{}',
                "employees" integer,
                "vat_number" character varying(255),
                "chamber_of_commerce" character varying(255),
                "chamber_of_commerce_rubrication_codes" text array NOT NULL DEFAULT '{}',
                "vat_validation_date" TIMESTAMP WITH TIME ZONE,
                "product_catalog_id" uuid,
                "tags" text array NOT NULL DEFAULT '{}',
                "last_contact_moment" TIMESTAMP WITH TIME ZONE,
                "billing_address" jsonb,
                "visiting_address" jsonb,
                "delivery_address" jsonb,
                "contact_details" jsonb NOT NULL,
                "attributes" jsonb NOT NULL DEFAULT '[]',
                "commerce_settings" jsonb NOT NULL,
                CONSTRAINT "ck_accounts__account_type" CHECK (
                    "account_type" IN (
                        'Customer',
                        'Supplier',
                        'Competitor',
                        'Investor',
                        'Partner'
                    )
                ),
                CONSTRAINT "ck_accounts__employees" CHECK ("employees" >= 0),
                CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_accounts__account_code" ON "accounts" ("workspace_id", "account_code")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_accounts_external_reference" ON "accounts" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_accounts_modified_at" ON "accounts" ("workspace_id", "modified_at")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_accounts_owner" ON "accounts" ("workspace_id", "owner_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "contacts" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "first_name" character varying(255) NOT NULL,
                "middle_name" character varying(255),
                "last_name" character varying(255) NOT NULL,
                "display_name" character varying(255) NOT NULL,
                "description" text,
                "date_of_birth" date,
                "gender" character varying(20),
                "title" character varying(255),
                "job_title" character varying(255),
                "notes" text,
                "owner_id" uuid,
                "sales_order_processor_id" uuid,
                "client_login_id" uuid,
                "interests_and_hobbies" text,
                "last_contact_moment" TIMESTAMP WITH TIME ZONE,
                "display_order" integer NOT NULL DEFAULT '0',
                "tags" text array NOT NULL DEFAULT '{}',
                "contact_details" jsonb NOT NULL,
                "addresses" jsonb NOT NULL DEFAULT '[]',
                "attributes" jsonb NOT NULL DEFAULT '[]',
                CONSTRAINT "ck_contacts__gender" CHECK (
                    "gender" IN ('Male', 'Female', 'Other', 'Unknown')
                ),
                CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_contacts__client_login_id" ON "contacts" ("workspace_id", "client_login_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_contacts_external_reference" ON "contacts" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_contacts_modified_at" ON "contacts" ("workspace_id", "modified_at")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_contacts_job_title" ON "contacts" ("workspace_id", "job_title")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_contacts_owner" ON "contacts" ("workspace_id", "owner_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "contact_accounts" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "contact_id" uuid NOT NULL,
                "account_id" uuid NOT NULL,
                "job_title" character varying(255),
                "position" integer NOT NULL,
                CONSTRAINT "ck_contact_accounts__position" CHECK ("position" >= 0),
                CONSTRAINT "PK_f8c75c225f458c7e325bba4c6af" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_contact_accounts_account" ON "contact_accounts" ("workspace_id", "account_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_contact_accounts__account_id" ON "contact_accounts" ("contact_id", "account_id")
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_212b65ba4b65c8c6d2619f3681b" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_e6c1947a61f955558ccca3f7c46" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_3df3822b3ba4b7372c278160faf" FOREIGN KEY ("sales_order_processor_id") REFERENCES "users"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts"
            ADD CONSTRAINT "FK_54a21f670761480190b57bbfa7a" FOREIGN KEY ("product_catalog_id") REFERENCES "catalogs"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_a65be64e40ceb2856e46cb9f8a8" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_59e06a12e79461fb517d6d8d2c0" FOREIGN KEY ("client_login_id") REFERENCES "client_logins"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_ac270d32a01ee22d2e98a8f8532" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts"
            ADD CONSTRAINT "FK_b0a7bd8f3d1e50d71fa3a47b857" FOREIGN KEY ("sales_order_processor_id") REFERENCES "users"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_e478c7b601bd4ac14e99be64927" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_f66125c439ab878348e5662f9cf" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts"
            ADD CONSTRAINT "FK_f6d2471c7e8d0358ab765f30cdf" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        // Hand-written: sort by name, text search (trigram) and array filters (GIN).
        await queryRunner.query(`CREATE INDEX "ix_accounts_display_name" ON "accounts" ("workspace_id", lower("display_name"))`);
        await queryRunner.query(`CREATE INDEX "ix_accounts_display_name_trgm" ON "accounts" USING gin ("display_name" gin_trgm_ops)`);
        await queryRunner.query(`CREATE INDEX "ix_accounts_tags" ON "accounts" USING gin ("tags")`);
        await queryRunner.query(`CREATE INDEX "ix_accounts_industries" ON "accounts" USING gin ("industries")`);
        await queryRunner.query(`CREATE INDEX "ix_contacts_display_name" ON "contacts" ("workspace_id", lower("display_name"))`);
        await queryRunner.query(`CREATE INDEX "ix_contacts_display_name_trgm" ON "contacts" USING gin ("display_name" gin_trgm_ops)`);
        await queryRunner.query(`CREATE INDEX "ix_contacts_tags" ON "contacts" USING gin ("tags")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const index of [
            'ix_contacts_tags',
            'ix_contacts_display_name_trgm',
            'ix_contacts_display_name',
            'ix_accounts_industries',
            'ix_accounts_tags',
            'ix_accounts_display_name_trgm',
            'ix_accounts_display_name',
        ]) {
            await queryRunner.query(`DROP INDEX "public"."${index}"`);
        }
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_f6d2471c7e8d0358ab765f30cdf"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_f66125c439ab878348e5662f9cf"
        `);
        await queryRunner.query(`
            ALTER TABLE "contact_accounts" DROP CONSTRAINT "FK_e478c7b601bd4ac14e99be64927"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_b0a7bd8f3d1e50d71fa3a47b857"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_ac270d32a01ee22d2e98a8f8532"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_59e06a12e79461fb517d6d8d2c0"
        `);
        await queryRunner.query(`
            ALTER TABLE "contacts" DROP CONSTRAINT "FK_a65be64e40ceb2856e46cb9f8a8"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_54a21f670761480190b57bbfa7a"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_3df3822b3ba4b7372c278160faf"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_e6c1947a61f955558ccca3f7c46"
        `);
        await queryRunner.query(`
            ALTER TABLE "accounts" DROP CONSTRAINT "FK_212b65ba4b65c8c6d2619f3681b"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_contact_accounts__account_id"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_contact_accounts_account"
        `);
        await queryRunner.query(`
            DROP TABLE "contact_accounts"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_contacts_owner"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_contacts_job_title"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_contacts_modified_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_contacts_external_reference"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_contacts__client_login_id"
        `);
        await queryRunner.query(`
            DROP TABLE "contacts"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_accounts_owner"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_accounts_modified_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_accounts_external_reference"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_accounts__account_code"
        `);
        await queryRunner.query(`
            DROP TABLE "accounts"
        `);
    }

}
