import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsUUID,
  ValidateNested,
} from 'class-validator';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse } from '../../platform/http/resource';
import { favouriteOrigins, type FavouriteOrigin } from './favourite-product.entity';

export class CreateFavouriteProductRequest extends ExternalReferenceBody {
  @ApiProperty({ format: 'uuid', description: 'A client login of this workspace' })
  @IsUUID('loose')
  clientLoginId: string;

  @ApiProperty({ format: 'uuid', description: 'A product of this workspace' })
  @IsUUID('loose')
  productId: string;

  @ApiPropertyOptional({
    enum: favouriteOrigins,
    default: 'Personal',
    description: 'Marked by the shopper, or suggested to them',
  })
  @IsOptional()
  @IsIn(favouriteOrigins)
  origin?: FavouriteOrigin;
}

export class BulkCreateFavouriteProductsRequest {
  @ApiProperty({ type: [CreateFavouriteProductRequest], minItems: 1, maxItems: 1000 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CreateFavouriteProductRequest)
  favourites: CreateFavouriteProductRequest[];
}

/** The favourite product, as much as a list of favourites needs to show it. */
export class FavouriteProductSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty() slug: string;
}

/** The client login whose favourite it is. */
export class FavouriteClientLoginSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty({ type: 'string', nullable: true }) displayName: string | null;
}

export class FavouriteProductResponse extends ScopedResponse {
  @ApiProperty({ enum: favouriteOrigins }) origin: FavouriteOrigin;
  @ApiProperty({ type: FavouriteProductSummary }) product: FavouriteProductSummary;
  @ApiProperty({ type: FavouriteClientLoginSummary }) clientLogin: FavouriteClientLoginSummary;
}
export class FavouriteProductPage extends PageOf(FavouriteProductResponse) {}

/**
 * The answer of a bulk create: the favourites it stored, and those of pairs that were favourites
 * already (returned unchanged, origin included: a bulk create never overwrites).
 */
export class BulkCreateFavouriteProductsResponse {
  @ApiProperty({ type: [FavouriteProductResponse], description: 'Stored by this request, in body order' })
  created: FavouriteProductResponse[];
  @ApiProperty({
    type: [FavouriteProductResponse],
    description: 'Already favourites before (or repeated in the body), left as they were',
  })
  skipped: FavouriteProductResponse[];
}

export class FavouriteProductListQuery extends ListQuery(['CreatedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @UuidsFilter()
  client_login_ids?: string[];
  @UuidsFilter()
  product_ids?: string[];
}
