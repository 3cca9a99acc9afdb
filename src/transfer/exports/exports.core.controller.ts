import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import { HeavyOperation } from '../../platform/http/heavy-operations';
import { ApiProblems } from '../../platform/http/openapi';
import { xlsxType } from '../../platform/http/xlsx-download';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { AccountExportQuery } from './account-export.dto';
import { ContactExportQuery } from './contact-export.dto';
import { CrmExportService } from './crm-export.service';
import { ProductExportQuery } from './product-export.dto';
import { ProductExportService } from './product-export.service';

@ApiTags('Imports')
@ApiBearerAuth()
@Controller('core-api/exports')
export class ExportsCoreController {
  constructor(
    private readonly exporter: ProductExportService,
    private readonly crm: CrmExportService,
  ) {}

  @Get('products')
  @HeavyOperation()
  @ApiOperation({
    operationId: 'exportProducts',
    summary: 'Export products as CSV or xlsx',
    description:
      'The products the filters match (all without filters), in exactly the columns a products import reads (sku, name, slug, productType, variantOf (the sku of its ConfigurableProduct), active, gtin, tags, categories, brand, prices, vatCode, manufacturer, barcodes, priceTiers as `10:11.50|50:10.00`, imageUrls (the images added by URL), externalReference (the first of externalReferences), then title and description per supported language, then `attribute:<name>` per attribute of the workspace (values `|`-separated)), streamed: `products.csv` (UTF-8 with a BOM, `,` delimited) or `products.xlsx`. Importing the file unchanged changes nothing. A cell that starts with = + - @, a tab or a carriage return is written with a leading apostrophe, so that no spreadsheet runs it as a formula; an import strips it again (docs/imports.md). A heavy operation: a few run at once per workspace and per process (429 / 503 with Retry-After beyond).',
  })
  @ApiProduces('text/csv', xlsxType)
  @ApiOkResponse({
    description: 'The file',
    content: {
      'text/csv': { schema: { type: 'string' } },
      [xlsxType]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiProblems(400, 401, 403)
  products(@Ctx() ctx: RequestContext, @Query() q: ProductExportQuery): Promise<StreamableFile> {
    return this.exporter.export(ctx, q);
  }

  @Get('accounts')
  @HeavyOperation()
  @ApiOperation({
    operationId: 'exportAccounts',
    summary: 'Export accounts as CSV or xlsx',
    description:
      'The accounts the filters match (all without filters), in exactly the columns an accounts import reads (accountCode, displayName, accountType, accountStatus, email, phone, website, vatNumber, chamberOfCommerce, tags, externalReference), streamed: `accounts.csv` (UTF-8 with a BOM, `,` delimited) or `accounts.xlsx`. Importing the file unchanged changes nothing. Cells that a spreadsheet would run as a formula are written with a leading apostrophe (docs/imports.md). A heavy operation, as the products export.',
  })
  @ApiProduces('text/csv', xlsxType)
  @ApiOkResponse({
    description: 'The file',
    content: {
      'text/csv': { schema: { type: 'string' } },
      [xlsxType]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiProblems(400, 401, 403)
  accountsFile(@Ctx() ctx: RequestContext, @Query() q: AccountExportQuery): StreamableFile {
    return this.crm.exportAccounts(ctx, q);
  }

  @Get('contacts')
  @HeavyOperation()
  @ApiOperation({
    operationId: 'exportContacts',
    summary: 'Export contacts as CSV or xlsx',
    description:
      'The contacts the filters match (all without filters), in exactly the columns a contacts import reads (email, firstName, middleName, lastName, displayName, jobTitle, phone, accountCode, tags, externalReference), streamed: `contacts.csv` (UTF-8 with a BOM, `,` delimited) or `contacts.xlsx`. `accountCode` is the code of the first linked account that has one. Importing the file unchanged changes nothing. Cells that a spreadsheet would run as a formula are written with a leading apostrophe (docs/imports.md). A heavy operation, as the products export.',
  })
  @ApiProduces('text/csv', xlsxType)
  @ApiOkResponse({
    description: 'The file',
    content: {
      'text/csv': { schema: { type: 'string' } },
      [xlsxType]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiProblems(400, 401, 403)
  contactsFile(@Ctx() ctx: RequestContext, @Query() q: ContactExportQuery): StreamableFile {
    return this.crm.exportContacts(ctx, q);
  }
}
