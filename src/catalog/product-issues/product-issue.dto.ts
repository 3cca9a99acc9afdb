import { OptionalReference } from '../../platform/http/resource';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, UuidsFilter } from '../../platform/http/list-query';
import { productIssueKinds, type ProductIssueKind } from '../products/product-issue-rules';

/** A product with the data-quality issues it has (those not ignored). */
export class ProductIssuesResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty({
    enum: productIssueKinds,
    isArray: true,
    description:
      'MissingImages: no image. MissingDescription: no display content (any language) with a non-blank description. ' +
      'MissingAttributes: an attribute required by one of its categories has no value.',
  })
  issues: ProductIssueKind[];
  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: 'The required attributes without a value (not ignored), sorted',
  })
  missingAttributeIds: string[];
}
export class ProductIssuesPage extends PageOf(ProductIssuesResponse) {}

export class ProductIssuesListQuery extends ListQuery(['Name'] as const) {
  @UuidsFilter('Only products in one of these categories')
  category_ids?: string[];
  @ApiPropertyOptional({
    enum: productIssueKinds,
    isArray: true,
    description: 'Only products with one of these issues (default: any)',
  })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(productIssueKinds, { each: true })
  types?: ProductIssueKind[];
}

export class ProductIssueStatisticsQuery {
  @UuidsFilter('Count the products in one of these categories (default: every product)')
  category_ids?: string[];
}

export class ProductIssueCount {
  @ApiProperty({ enum: productIssueKinds }) issue: ProductIssueKind;
  @ApiProperty({ type: 'integer', description: 'Products that have this issue (not ignored)' })
  productCount: number;
}

export class ProductIssueStatisticsResponse {
  @ApiProperty({ type: 'integer', description: 'Products counted (those in the given categories, or all)' })
  totalProducts: number;
  @ApiProperty({ type: 'integer', description: 'Of those, products with at least one issue' })
  productsWithIssues: number;
  @ApiProperty({ type: [ProductIssueCount], description: 'One entry per issue kind, always all three' })
  issues: ProductIssueCount[];
}

/** One ignored issue of a product; `attributeId` (MissingAttributes only) ignores just that attribute. */
export class IgnoredProductIssueBody {
  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') productId: string;
  @ApiProperty({ enum: productIssueKinds }) @IsIn(productIssueKinds) issue: ProductIssueKind;
  @OptionalReference(
    'MissingAttributes only: ignore this attribute alone; omitted, the whole issue is ignored',
  )
  attributeId?: string | null;
}

export class IgnoredProductIssue {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ enum: productIssueKinds }) issue: ProductIssueKind;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) attributeId: string | null;
}

export class UpdateIgnoredProductIssuesRequest {
  @ApiProperty({
    type: [IgnoredProductIssueBody],
    maxItems: 10000,
    description: 'The whole set of ignored issues of the workspace',
  })
  @IsArray()
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => IgnoredProductIssueBody)
  ignored: IgnoredProductIssueBody[];
}

export class IgnoredProductIssuesResponse {
  @ApiProperty({ type: [IgnoredProductIssue], description: 'Sorted by product, issue, attribute' })
  ignored: IgnoredProductIssue[];
}
