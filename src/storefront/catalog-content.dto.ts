import { ApiProperty } from '@nestjs/swagger';

/*
 * The answer parts the storefront's catalog reads share: display content in the request's language,
 * a brand's summary, stock per location.
 */

export class CommerceSeo {
  @ApiProperty({ type: 'string', nullable: true }) metaTitle: string | null;
  @ApiProperty({ type: 'string', nullable: true }) metaDescription: string | null;
  @ApiProperty({ type: [String] }) keywords: string[];
}

/**
 * A product's or category's display content in the request's language, else in the workspace's
 * default language (`language` says which).
 */
export class CommerceContent {
  @ApiProperty() title: string;
  @ApiProperty({ type: 'string', nullable: true }) excerpt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ enum: ['Markdown', 'Html'] }) descriptionFormat: 'Markdown' | 'Html';
  @ApiProperty({ type: CommerceSeo }) seo: CommerceSeo;
  @ApiProperty({ example: 'en', description: 'The language of this content' }) language: string;
}

export class CommerceBrandSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) imageUrl: string | null;
}

export class CommerceStockAtLocation {
  @ApiProperty({ format: 'uuid' }) locationId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'On hand at this location (0 without a stock record)' }) quantity: number;
  @ApiProperty() isPickupLocation: boolean;
}

/** Stock of a product that shows its stock: per stock location and in total. */
export class CommerceAvailability {
  @ApiProperty({ description: 'The sum over the stock locations' }) inStock: number;
  @ApiProperty({
    type: [CommerceStockAtLocation],
    description: 'Every stock location (isStockLocation), by displayOrder, then name',
  })
  locations: CommerceStockAtLocation[];
}
