import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../platform/http/list-query';
import { ScopedResponse } from '../../platform/http/resource';
import { DidYouMean } from './product-list.dto';
import { ProductPricing } from './product-pricing.dto';
import { ProductAttributeValues } from './product-request.dto';
import { type ProductType, productTypes } from './product.entity';

export class ProductImage {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Where the image is served from' }) url: string;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) alt: string | null;
}
export class ProductComponent {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
}

export class ProductResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ enum: productTypes }) productType: ProductType;
  @ApiProperty() slug: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty({ type: 'string', nullable: true }) gtin: string | null;
  @ApiProperty({ type: [String] }) barcodes: string[];
  @ApiProperty({ type: 'string', nullable: true }) productCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) searchCode: string | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) introducedAt: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty() showStock: boolean;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: [String] }) externalReferences: string[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'Category ids, in the order given' })
  categories: string[];
  @ApiProperty({ type: [String], format: 'uuid' }) catalogs: string[];
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) manufacturerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) brandId: string | null;
  @ApiProperty({ type: [ProductAttributeValues] }) attributes: ProductAttributeValues[];
  @ApiProperty({ type: [ProductImage], description: 'By displayOrder' }) images: ProductImage[];
  @ApiProperty({ type: ProductPricing }) pricing: ProductPricing;
  @ApiProperty({ type: [ProductComponent], description: 'By displayOrder; [] for a SimpleProduct' })
  components: ProductComponent[];
}
export class ProductPage extends PageOf(ProductResponse) {
  @DidYouMean() didYouMean: string | null;
}
