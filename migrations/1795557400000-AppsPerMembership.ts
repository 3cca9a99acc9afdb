import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The apps a user may open belong to the membership (one workspace), not to the user: an Admin of
 * one workspace gives or takes apps there only, and never changes what the user may open in
 * another workspace. Each membership starts with the apps the user had.
 */
export class AppsPerMembership1795557400000 implements MigrationInterface {
    name = 'AppsPerMembership1795557400000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "memberships"
            ADD "apps" text array NOT NULL DEFAULT '{}'
        `);
        await queryRunner.query(`
            UPDATE "memberships" m SET "apps" = u."apps" FROM "users" u WHERE u."id" = m."user_id"
        `);
        await queryRunner.query(`
            ALTER TABLE "users" DROP COLUMN "apps"
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "users"
            ADD "apps" text array NOT NULL DEFAULT '{}'
        `);
        await queryRunner.query(`
            UPDATE "users" u SET "apps" = coalesce((
                SELECT array_agg(DISTINCT a ORDER BY a) FROM "memberships" m, unnest(m."apps") AS a WHERE m."user_id" = u."id"
            ), '{}')
        `);
        await queryRunner.query(`
            ALTER TABLE "memberships" DROP COLUMN "apps"
        `);
    }

}
