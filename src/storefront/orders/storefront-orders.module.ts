import { Module } from '@nestjs/common';
import { SalesModule } from '../../sales/sales.module';
import { StorefrontModule } from '../storefront.module';
import { CommerceSalesOrdersService } from './commerce-sales-orders.service';
import { SalesOrdersCommerceController } from './sales-orders.commerce.controller';

/**
 * The storefront's orders (`/commerce-api/salesorders`): placed for the shopper through the sales
 * context's order writer. A module of its own so that the application lists its routes after the
 * core sales orders, where the OpenAPI document has always had them.
 */
@Module({
  imports: [StorefrontModule, SalesModule],
  controllers: [SalesOrdersCommerceController],
  providers: [CommerceSalesOrdersService],
})
export class StorefrontOrdersModule {}
