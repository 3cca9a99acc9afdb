/**
 * The inventory door: locations and stock movements (the sales context moves stock).
 * Other contexts import this file or `inventory.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { LocationsService } from './locations/locations.service';
export { type StockMovement, StocksService } from './stocks/stocks.service';
