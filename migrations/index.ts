import { Foundation1795399987865 } from './1795399987865-Foundation';
import { ProductsCore1795400388793 } from './1795400388793-ProductsCore';
import { CatalogTaxonomy1795400426398 } from './1795400426398-CatalogTaxonomy';
import { CrmAccountsContacts1795400499302 } from './1795400499302-CrmAccountsContacts';
import { ProductLinks1795400507989 } from './1795400507989-ProductLinks';
import { ProductContentsFavouritesIssues1795400630037 } from './1795400630037-ProductContentsFavouritesIssues';
import { IdempotencyKeys1795400681403 } from './1795400681403-IdempotencyKeys';
import { CrmDealsPipelinesComments1795400685308 } from './1795400685308-CrmDealsPipelinesComments';
import { AuthChangeNotifications1795401000000 } from './1795401000000-AuthChangeNotifications';
import { IdempotencyKeysPerCaller1795402000000 } from './1795402000000-IdempotencyKeysPerCaller';
import { StoredFiles1795402100000 } from './1795402100000-StoredFiles';
import { Webhooks1795547242387 } from './1795547242387-Webhooks';
import { Currencies1795547258011 } from './1795547258011-Currencies';
import { PricingVatCodesAtomicScripts1795547454480 } from './1795547454480-PricingVatCodesAtomicScripts';
import { ContentPagesDocuments1795547625442 } from './1795547625442-ContentPagesDocuments';
import { ProductPartsIndexedByWorkspace1795547700850 } from './1795547700850-ProductPartsIndexedByWorkspace';
import { InventoryAndSalesOrders1795549382934 } from './1795549382934-InventoryAndSalesOrders';
import { LoginAttempts1795557222540 } from './1795557222540-LoginAttempts';
import { WorkspaceKeys1795557229441 } from './1795557229441-WorkspaceKeys';
import { ActivityRequestId1795557251955 } from './1795557251955-ActivityRequestId';
import { WebhookAttemptsRetention1795557300000 } from './1795557300000-WebhookAttemptsRetention';
import { AppsPerMembership1795557400000 } from './1795557400000-AppsPerMembership';
import { ProductSortIndexes1795557500000 } from './1795557500000-ProductSortIndexes';
import { ReadCacheNotifications1795557600000 } from './1795557600000-ReadCacheNotifications';
import { WebhookTopicsNotifications1795557700000 } from './1795557700000-WebhookTopicsNotifications';
import { OrderNumberLookup1795643000000 } from './1795643000000-OrderNumberLookup';
import { WorkspaceDefaultLanguage1795644000000 } from './1795644000000-WorkspaceDefaultLanguage';
import { CategoryTreeNotifications1795644100000 } from './1795644100000-CategoryTreeNotifications';
import { ShopperAccounts1795645000000 } from './1795645000000-ShopperAccounts';
import { ProductContentSearch1795646000000 } from './1795646000000-ProductContentSearch';
import { ImportJobs1795650000000 } from './1795650000000-ImportJobs';
import { ImportKinds1795654000000 } from './1795654000000-ImportKinds';
import { ImportPresets1795655000000 } from './1795655000000-ImportPresets';
import { ProductExternalReferenceIndex1795656100000 } from './1795656100000-ProductExternalReferenceIndex';
import { ProductContentsSearchVector1795657000000 } from './1795657000000-ProductContentsSearchVector';
import { ProductWordsNotifications1795657100000 } from './1795657100000-ProductWordsNotifications';
import { ProductNameWords1795657200000 } from './1795657200000-ProductNameWords';
import { ApiKeysAndRateLimits1795651000000 } from './1795651000000-ApiKeysAndRateLimits';
import { RefreshGrace1795652000000 } from './1795652000000-RefreshGrace';
import { CategoryListing1795653000000 } from './1795653000000-CategoryListing';

/**
 * Every migration, in order. Listed explicitly (no glob) so the app, the TypeORM CLI and the ESM
 * test runner run the same set. `npm run migration:generate -- migrations/<Name>` writes a new
 * file; review it, then add its class here.
 */
export const migrations: Array<new () => unknown> = [
  Foundation1795399987865,
  ProductsCore1795400388793,
  CatalogTaxonomy1795400426398,
  CrmAccountsContacts1795400499302,
  ProductLinks1795400507989,
  ProductContentsFavouritesIssues1795400630037,
  IdempotencyKeys1795400681403,
  CrmDealsPipelinesComments1795400685308,
  AuthChangeNotifications1795401000000,
  IdempotencyKeysPerCaller1795402000000,
  StoredFiles1795402100000,
  Webhooks1795547242387,
  Currencies1795547258011,
  PricingVatCodesAtomicScripts1795547454480,
  ContentPagesDocuments1795547625442,
  ProductPartsIndexedByWorkspace1795547700850,
  InventoryAndSalesOrders1795549382934,
  LoginAttempts1795557222540,
  WorkspaceKeys1795557229441,
  ActivityRequestId1795557251955,
  WebhookAttemptsRetention1795557300000,
  AppsPerMembership1795557400000,
  ProductSortIndexes1795557500000,
  ReadCacheNotifications1795557600000,
  WebhookTopicsNotifications1795557700000,
  OrderNumberLookup1795643000000,
  WorkspaceDefaultLanguage1795644000000,
  CategoryTreeNotifications1795644100000,
  ShopperAccounts1795645000000,
  ProductContentSearch1795646000000,
  ImportJobs1795650000000,
  ApiKeysAndRateLimits1795651000000,
  RefreshGrace1795652000000,
  CategoryListing1795653000000,
  ImportKinds1795654000000,
  ImportPresets1795655000000,
  ProductExternalReferenceIndex1795656100000,
  ProductContentsSearchVector1795657000000,
  ProductWordsNotifications1795657100000,
  ProductNameWords1795657200000,
];
