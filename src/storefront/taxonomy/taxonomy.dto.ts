import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { ListQuery, PageOf } from '../../platform/http/list-query';
import { CommerceContent } from '../catalog-content.dto';

/** A category as a shop shows it. */
export class CommerceCategory {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) parentId: string | null;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) image: string | null;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({
    type: CommerceContent,
    nullable: true,
    description:
      'The category’s display content in the request’s language, else in the workspace’s default language; null when it has neither',
  })
  content: CommerceContent | null;
  @ApiProperty({
    type: 'integer',
    description:
      'Visible products directly in this category (active; for a client whose account has a catalog, that catalog’s only)',
  })
  productCount: number;
}

/** A node of the category tree: the category and its visible children, by displayOrder then name. */
export class CommerceCategoryNode extends CommerceCategory {
  @ApiProperty({ type: () => [CommerceCategoryNode] }) children: CommerceCategoryNode[];
}

/** An ancestor in a category's breadcrumb. */
export class CommerceCategoryCrumb {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
}

/** One category with its breadcrumb and its visible children. */
export class CommerceCategoryDetail extends CommerceCategory {
  @ApiProperty({
    type: [CommerceCategoryCrumb],
    description: 'The ancestors, the root first (empty for a root)',
  })
  path: CommerceCategoryCrumb[];
  @ApiProperty({ type: [CommerceCategory], description: 'The visible children, by displayOrder then name' })
  children: CommerceCategory[];
}

/** A brand of the visible products. */
export class CommerceBrand {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) imageUrl: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) website: string | null;
  @ApiProperty({ type: 'integer', description: 'Visible products of this brand' }) productCount: number;
}
export class CommerceBrandPage extends PageOf(CommerceBrand) {}

/** GET /commerce-api/catalog/brands: by name (`Query` searches it), paged. */
export class CommerceBrandListQuery extends ListQuery(['Name'] as const) {}

export class CommerceAttributeValue {
  @ApiProperty() value: string;
  @ApiProperty({ description: 'What a shop shows: the value itself (attribute values have no translations)' })
  label: string;
  @ApiProperty({ type: 'integer', description: 'Visible products with this value' }) count: number;
}

/** An attribute the visible products have values for. */
export class CommerceAttribute {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [CommerceAttributeValue], description: 'By count, descending, then value' })
  values: CommerceAttributeValue[];
}

export class CommerceAttributesQuery {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only the products directly in this category (no match: no attributes)',
  })
  @IsOptional()
  @IsUUID('loose')
  categoryId?: string;
}
