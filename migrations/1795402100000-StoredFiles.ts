import { MigrationInterface, QueryRunner } from "typeorm";

/** Uploaded files per workspace: counted against its quota and deleted once nothing names them. */
export class StoredFiles1795402100000 implements MigrationInterface {
    name = 'StoredFiles1795402100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "stored_files" (
                "key" character varying(1024) NOT NULL,
                "workspace_id" uuid NOT NULL,
                "url" character varying(1024) NOT NULL,
                "bytes" bigint NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "pk_stored_files" PRIMARY KEY ("key")
            )
        `);
        await queryRunner.query(`CREATE INDEX "ix_stored_files__workspace_url" ON "stored_files" ("workspace_id", "url")`);
        await queryRunner.query(`
            ALTER TABLE "stored_files"
            ADD CONSTRAINT "FK_963c34f8f6f16acfe774da3e99d" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "stored_files"`);
    }
}
