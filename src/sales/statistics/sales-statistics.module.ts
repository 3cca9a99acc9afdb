import { Module } from '@nestjs/common';
import { SalesModule } from '../sales.module';
import { SalesOrderStatisticsController } from './sales-order-statistics.controller';

/**
 * The sales order figures' own routes (`/core-api/statistics/salesorders`), in a module after the
 * storefront's orders: the application lists routes module by module, and the OpenAPI document
 * has always had them there.
 */
@Module({
  imports: [SalesModule],
  controllers: [SalesOrderStatisticsController],
})
export class SalesStatisticsModule {}
