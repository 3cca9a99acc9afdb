import type { INestApplicationContext } from '@nestjs/common';
import { ProductListService } from '../catalog/catalog.api';
import { AccountsService } from '../crm/crm.api';
import { LocationsService, StocksService } from '../inventory/inventory.api';
import type { RequestContext } from '../platform/tenancy/request-context';
import { SalesOrdersService, SalesSettingsService } from '../sales/sales.api';

const channels = ['webshop', 'phone', 'email', 'sales rep'];
const day = 86_400_000;

/**
 * Three locations (a warehouse, a shop that is a pickup point, an office without stock), stock for
 * the priced products, and 60 sales orders over the last 60 days for the demo accounts: most
 * completed (stock taken), some drafts, a few canceled.
 */
export async function seedSalesDemo(app: INestApplicationContext, ctx: RequestContext): Promise<void> {
  const locations = app.get(LocationsService);
  const stocks = app.get(StocksService);
  const orders = app.get(SalesOrdersService);
  const warehouse = await locations.create(ctx, {
    name: 'Central warehouse',
    isWarehouse: true,
    displayOrder: 0,
    address: {
      street: 'Havenweg',
      houseNumber: '12',
      postalCode: '3011 AB',
      city: 'Rotterdam',
      country: 'NL',
    },
    phoneNumber: '+31 10 200 3000',
  });
  const shop = await locations.create(ctx, {
    name: 'Amsterdam shop',
    isPickupLocation: true,
    displayOrder: 1,
    email: 'shop@example.com',
    address: { street: 'Damrak', houseNumber: '70', postalCode: '1012 LM', city: 'Amsterdam', country: 'NL' },
    openingHours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((dayOfWeek) => ({
      dayOfWeek,
      opens: '09:00',
      closes: dayOfWeek === 'Saturday' ? '17:00' : '18:00',
    })),
  });
  await locations.create(ctx, { name: 'Head office', isStockLocation: false, displayOrder: 2 });
  await app.get(SalesSettingsService).update(ctx, { defaultStockLocationId: warehouse.id });

  const products = (
    await app
      .get(ProductListService)
      .list(ctx, { take: 200, skip: 0, sortBy: 'DisplayOrder', sortOrder: 'Asc' } as never)
  ).data.filter((p) => p.active && p.pricing?.salesPrice != null && p.productType === 'SimpleProduct');
  for (const [i, p] of products.entries()) {
    await stocks.create(ctx, { productId: p.id, locationId: warehouse.id, quantity: 50 + ((i * 37) % 200) });
    if (i % 3 === 0)
      await stocks.create(ctx, { productId: p.id, locationId: shop.id, quantity: 5 + (i % 10) });
  }
  const accounts = (
    await app.get(AccountsService).list(ctx, { Take: 1000, Skip: 0, SortBy: 'DisplayName', SortOrder: 'Asc' })
  ).data;
  if (products.length === 0 || accounts.length === 0) return;
  const now = Date.now();
  for (let i = 0; i < 60; i++) {
    const pickup = i % 7 === 0;
    const lines = Array.from({ length: 1 + (i % 4) }, (_, k) => ({
      productId: products[(i * 5 + k * 11) % products.length].id,
      quantity: 1 + ((i + k) % 3),
    }));
    const order = await orders.create(ctx, {
      debtorId: accounts[i % accounts.length].id,
      orderedAt: new Date(now - (60 - i) * day + (i % 9) * 3_600_000).toISOString(),
      channel: channels[i % channels.length],
      deliveryMethod: pickup ? 'Pickup' : 'Delivery',
      pickupLocationId: pickup ? shop.id : null,
      description: i % 5 === 0 ? 'Please deliver before noon' : null,
      tags: i % 6 === 0 ? ['priority'] : [],
      externalReference: `demo-order-${i + 1}`,
      lines,
    });
    const status = i % 10 === 9 ? 'Canceled' : i >= 52 ? 'Draft' : 'Completed';
    if (status === 'Draft') continue;
    try {
      await orders.update(ctx, order.id, {
        debtorId: order.debtorId,
        orderedAt: order.orderedAt,
        channel: order.channel,
        deliveryMethod: order.deliveryMethod,
        pickupLocationId: order.pickupLocationId,
        description: order.description,
        tags: order.tags,
        externalReference: order.externalReference,
        orderingStatus: status,
      });
    } catch {
      // A pickup order the shop has no stock for stays a Draft: the demo shows one of each.
    }
  }
}
