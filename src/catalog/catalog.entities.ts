import { ProductBarcodeEntity } from './products/product-barcode.entity';
import { ProductComponentEntity } from './products/product-component.entity';
import { ProductImageEntity } from './products/product-image.entity';
import { ProductPriceTierEntity } from './products/product-price-tier.entity';
import { ProductEntity } from './products/product.entity';

/** Every entity of the catalog context (listed in src/config/entities.ts). */
export const catalogEntities = [
  ProductEntity,
  ProductBarcodeEntity,
  ProductImageEntity,
  ProductComponentEntity,
  ProductPriceTierEntity,
];
