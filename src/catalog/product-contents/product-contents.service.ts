import { Injectable } from '@nestjs/common';
import { LanguagesService } from '../../i18n/i18n.api';
import { Db } from '../../platform/database/db';
import { scopedFields } from '../../platform/http/resource';
import { displayContentAnswer } from '../display-contents/display-content';
import { DisplayContentsService } from '../display-contents/display-contents.service';
import { ProductEntity } from '../products/product.entity';
import type {
  CreateProductDisplayContentRequest,
  ProductDisplayContentListQuery,
  ProductDisplayContentResponse,
  UpdateProductDisplayContentRequest,
} from './product-display-content.dto';
import { ProductDisplayContentEntity } from './product-display-content.entity';

export const toProductDisplayContentResponse = (
  e: ProductDisplayContentEntity,
): ProductDisplayContentResponse => ({
  ...scopedFields(e),
  productId: e.productId,
  ...displayContentAnswer(e),
});

/** Product display contents: a product's texts per supported language, one per (product, language). */
@Injectable()
export class ProductContentsService extends DisplayContentsService<
  ProductDisplayContentEntity,
  ProductDisplayContentResponse,
  'productId',
  ProductDisplayContentListQuery,
  CreateProductDisplayContentRequest,
  UpdateProductDisplayContentRequest
> {
  constructor(db: Db, languages: LanguagesService) {
    super(db, languages, {
      entity: ProductDisplayContentEntity,
      label: 'Product display content',
      activityType: 'ProductDisplayContent',
      owner: {
        field: 'productId',
        column: 'product_id',
        entity: ProductEntity,
        label: 'Product',
        filter: (q) => q.product_ids,
      },
      search: ['title', 'excerpt'],
      toAnswer: toProductDisplayContentResponse,
    });
  }
}
