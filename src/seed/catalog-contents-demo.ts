import type { INestApplicationContext } from '@nestjs/common';
import { In } from 'typeorm';
import { ProductContentsService } from '../catalog/catalog.api';
import { ProductDisplayContentEntity } from '../catalog/product-contents/product-display-content.entity';
import { ProductEntity } from '../catalog/products/product.entity';
import { Db } from '../platform/database/db';
import type { RequestContext } from '../platform/tenancy/request-context';

/**
 * Demo display contents (English, Markdown) for the workspace's products, through the contents
 * service. Every fourth product is left without one, so the product issues view has
 * `MissingDescription` entries to show. Runs after the products seeder; products that already
 * have English content are left alone, so running it twice changes nothing.
 */
export async function seedCatalogContentsDemo(
  app: INestApplicationContext,
  ctx: RequestContext,
): Promise<void> {
  const db = app.get(Db);
  const contents = app.get(ProductContentsService);
  const products = await db
    .repo(ctx, ProductEntity, 'Product')
    .find({ order: { displayOrder: 'ASC', name: 'ASC', id: 'ASC' }, take: 200 });
  const described = new Set(
    (
      await db.repo(ctx, ProductDisplayContentEntity).find({
        select: { productId: true },
        where: { productId: In(products.map((p) => p.id)), language: 'en' },
      })
    ).map((c) => c.productId),
  );
  for (const [i, product] of products.entries()) {
    if (i % 4 === 3 || described.has(product.id)) continue;
    await contents.create(ctx, {
      productId: product.id,
      language: 'en',
      title: product.name,
      descriptionFormat: 'Markdown',
      excerpt: `${product.name}: built to last.`,
      description: `## ${product.name}\n\nA dependable choice${product.sku ? ` (item ${product.sku})` : ''}, in stock and ready to ship.`,
      seo: {
        metaTitle: `${product.name} | Demo shop`,
        metaDescription: `Buy ${product.name} online.`,
        keywords: product.tags ?? [],
      },
    });
  }
}
