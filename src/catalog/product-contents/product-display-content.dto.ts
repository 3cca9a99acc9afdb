import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { PageOf, UuidsFilter } from '../../platform/http/list-query';
import { ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { Seo, SeoBody } from '../../platform/http/seo';
import {
  DisplayContentFields,
  DisplayContentLanguage,
  DisplayContentListQuery,
  DisplayContentResponse,
} from '../display-contents/display-content.dto';

/** Search-engine texts of a product page in one language (the content's unnamed object). */
export class ProductSeoBody extends SeoBody {}
export class ProductSeo extends Seo {}

class ProductDisplayContentFields extends DisplayContentFields({
  descriptionFormat: 'How `description` is written',
  excerpt: 'A short text for lists and cards',
  description: 'The full text, in `descriptionFormat`',
  seo: ProductSeoBody,
  seoDescription: 'Omitted: all its members empty',
}) {}

export class CreateProductDisplayContentRequest extends ProductDisplayContentFields {
  @ApiProperty({ format: 'uuid', description: 'The product (of this workspace) the content describes' })
  @IsUUID('loose')
  productId: string;

  @DisplayContentLanguage('product') language: string;
}

/** The product and language of a content are fixed at creation; an update replaces its texts. */
export class UpdateProductDisplayContentRequest extends UpdateIdBody(ProductDisplayContentFields) {}

/** The scoped fields and the product, before the texts. */
class ProductDisplayContentOwner extends ScopedResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
}

export class ProductDisplayContentResponse extends DisplayContentResponse(
  ProductDisplayContentOwner,
  ProductSeo,
  'en',
) {}
export class ProductDisplayContentPage extends PageOf(ProductDisplayContentResponse) {}

export class ProductDisplayContentListQuery extends DisplayContentListQuery(['en']) {
  @UuidsFilter()
  product_ids?: string[];
}
