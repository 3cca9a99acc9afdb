/**
 * The storefront's door, for the composition root only: the order routes are a module of their
 * own so that AppModule can list them after SalesModule (the document keeps its path order).
 * No context calls the storefront.
 */
export { StorefrontOrdersModule } from './orders/storefront-orders.module';
