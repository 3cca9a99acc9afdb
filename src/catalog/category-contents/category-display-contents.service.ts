import { Injectable } from '@nestjs/common';
import { LanguagesService } from '../../i18n/i18n.api';
import { Db } from '../../platform/database/db';
import { scopedFields } from '../../platform/http/resource';
import { ProductCategoryEntity } from '../categories/category.entity';
import { displayContentAnswer } from '../display-contents/display-content';
import { DisplayContentsService } from '../display-contents/display-contents.service';
import type {
  CategoryDisplayContentListQuery,
  CategoryDisplayContentResponse,
  CreateCategoryDisplayContentRequest,
  UpdateCategoryDisplayContentRequest,
} from './category-display-content.dto';
import { CategoryDisplayContentEntity } from './category-display-content.entity';

export const toCategoryDisplayContentResponse = (
  e: CategoryDisplayContentEntity,
): CategoryDisplayContentResponse => ({
  ...scopedFields(e),
  productCategoryId: e.productCategoryId,
  ...displayContentAnswer(e),
});

/** The texts of categories per language: one per (category, language), in supported languages only. */
@Injectable()
export class CategoryDisplayContentsService extends DisplayContentsService<
  CategoryDisplayContentEntity,
  CategoryDisplayContentResponse,
  'productCategoryId',
  CategoryDisplayContentListQuery,
  CreateCategoryDisplayContentRequest,
  UpdateCategoryDisplayContentRequest
> {
  constructor(db: Db, languages: LanguagesService) {
    super(db, languages, {
      entity: CategoryDisplayContentEntity,
      label: 'Category display content',
      activityType: 'ProductCategoryDisplayContent',
      owner: {
        field: 'productCategoryId',
        column: 'product_category_id',
        entity: ProductCategoryEntity,
        label: 'Product category',
        filter: (q) => q.product_category_ids,
      },
      search: ['title'],
      toAnswer: toCategoryDisplayContentResponse,
    });
  }
}
