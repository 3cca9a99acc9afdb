import { ActivityEntity } from './platform/activity/activity.entity';
import { IdempotencyKeyEntity } from './platform/http/idempotency-key.entity';
import { RateLimitCountEntity } from './platform/http/rate-limit-count.entity';
import { StoredFileEntity } from './platform/storage/stored-file.entity';
import { identityEntities } from './identity/identity.entities';
import { i18nEntities } from './i18n/i18n.entities';
import { catalogEntities } from './catalog/catalog.entities';
import { crmEntities } from './crm/crm.entities';
import { pricingEntities } from './pricing/pricing.entities';
import { contentEntities } from './content/content.entities';
import { webhooksEntities } from './webhooks/webhooks.entities';
import { inventoryEntities } from './inventory/inventory.entities';
import { salesEntities } from './sales/sales.entities';
import { transferEntities } from './transfer/transfer.entities';

/**
 * Every entity of the service, by context: the composition root hands them to the platform
 * (src/app.database-options.ts), which imports no context. Listed explicitly (no glob), so the
 * app, the TypeORM CLI and the ESM test runner load the same set. A context adds its list here once.
 */
export const entities = [
  ActivityEntity,
  IdempotencyKeyEntity,
  RateLimitCountEntity,
  StoredFileEntity,
  ...identityEntities,
  ...i18nEntities,
  ...catalogEntities,
  ...crmEntities,
  ...pricingEntities,
  ...contentEntities,
  ...webhooksEntities,
  ...inventoryEntities,
  ...salesEntities,
  ...transferEntities,
];
