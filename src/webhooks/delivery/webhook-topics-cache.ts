import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';

/** Notified by the WebhookTopicsNotifications migration's trigger on webhooks (payload: the workspace id). */
export const WEBHOOKS_CHANGED = 'webhooks_changed';

/**
 * The topics a workspace's active webhooks subscribe to, kept so that the outbox sends no statement
 * for the activities of a workspace where no webhook could want them (most writes of most
 * workspaces). Exact like every ListenedCache: a change to webhooks notifies `webhooks_changed`
 * with its workspace id, which drops that workspace's entry on every instance (in this process
 * before the change's COMMIT resolves, on others when the notification arrives).
 */
@Injectable()
export class WebhookTopicsCache extends ListenedCache<ReadonlySet<string>> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(WEBHOOKS_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }

  of(workspaceId: string, load: () => Promise<ReadonlySet<string>>): Promise<ReadonlySet<string>> {
    return this.through(workspaceId, workspaceId, load);
  }
}
