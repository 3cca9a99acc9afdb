import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentPagesDocuments1795547625442 implements MigrationInterface {
    name = 'ContentPagesDocuments1795547625442'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "documents" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "path" character varying(1024) COLLATE "C" NOT NULL,
                "parent_path" character varying(1024) COLLATE "C" NOT NULL,
                "name" character varying(255) NOT NULL,
                "depth" smallint NOT NULL,
                "type" character varying(10) NOT NULL,
                "size" bigint,
                "content_type" character varying(255),
                "file_key" character varying(1024),
                "file_url" character varying(1024),
                CONSTRAINT "ck_documents__type" CHECK ("type" IN ('Directory', 'File')),
                CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_documents__parent_path" ON "documents" ("workspace_id", "parent_path")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_documents__path" ON "documents" ("workspace_id", "path")
        `);
        await queryRunner.query(`
            CREATE TABLE "content_pages" (
                "id" uuid NOT NULL,
                "workspace_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "external_reference" character varying(255),
                "version" integer NOT NULL DEFAULT '1',
                "title" character varying(255) NOT NULL,
                "slug" character varying(255) NOT NULL,
                "language" character varying(10) NOT NULL,
                "body_format" character varying(10) NOT NULL DEFAULT 'Markdown',
                "body" text,
                "is_published" boolean NOT NULL DEFAULT false,
                "published_at" TIMESTAMP WITH TIME ZONE,
                "seo_meta_title" character varying(255),
                "seo_meta_description" text,
                "seo_keywords" text array NOT NULL DEFAULT '{}',
                CONSTRAINT "ck_content_pages__body_format" CHECK ("body_format" IN ('Markdown', 'Html')),
                CONSTRAINT "PK_5f7201667a2be0ed2f8f9a0876d" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_content_pages__external_reference" ON "content_pages" ("workspace_id", "external_reference")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_content_pages__published_at" ON "content_pages" ("workspace_id", "published_at", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "ix_content_pages__title" ON "content_pages" ("workspace_id", "title", "id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_content_pages__slug" ON "content_pages" ("workspace_id", "language", "slug")
        `);
        await queryRunner.query(`
            ALTER TABLE "documents"
            ADD CONSTRAINT "FK_5a879c083b13ba9dbd0751d0e6a" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "content_pages"
            ADD CONSTRAINT "FK_3fc9358dea0336b1f861b7bee4d" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "content_pages" DROP CONSTRAINT "FK_3fc9358dea0336b1f861b7bee4d"
        `);
        await queryRunner.query(`
            ALTER TABLE "documents" DROP CONSTRAINT "FK_5a879c083b13ba9dbd0751d0e6a"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_content_pages__slug"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_content_pages__title"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_content_pages__published_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_content_pages__external_reference"
        `);
        await queryRunner.query(`
            DROP TABLE "content_pages"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_documents__path"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."ix_documents__parent_path"
        `);
        await queryRunner.query(`
            DROP TABLE "documents"
        `);
    }

}
