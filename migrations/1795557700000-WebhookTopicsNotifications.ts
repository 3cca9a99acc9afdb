import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Hand-written, like ReadCacheNotifications (whose `notify_workspace_changed` function it uses):
 * every change to a workspace's webhooks that could alter which topics its active webhooks
 * subscribe to notifies `webhooks_changed` with the workspace id, so every instance drops that
 * workspace's entry of the webhook outbox's WebhookTopicsCache; a TRUNCATE notifies an empty
 * payload (drop everything).
 */
export class WebhookTopicsNotifications1795557700000 implements MigrationInterface {
    name = 'WebhookTopicsNotifications1795557700000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TRIGGER "tr_webhooks__webhooks_changed"
            AFTER INSERT OR DELETE OR UPDATE OF "topics", "active", "id", "workspace_id" ON "webhooks"
            FOR EACH ROW EXECUTE FUNCTION "notify_workspace_changed"('webhooks_changed')
        `);
        await queryRunner.query(`
            CREATE TRIGGER "tr_webhooks__webhooks_changed_truncated"
            AFTER TRUNCATE ON "webhooks"
            FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"('webhooks_changed')
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "tr_webhooks__webhooks_changed_truncated" ON "webhooks"`);
        await queryRunner.query(`DROP TRIGGER "tr_webhooks__webhooks_changed" ON "webhooks"`);
    }
}
