import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { HeavyOperation } from '../../platform/http/heavy-operations';
import { ApiProblems } from '../../platform/http/openapi';
import { ApiXlsxResponse, xlsxDownload, XlsxColumn } from '../../platform/http/xlsx-download';
import type { ProductCategoryNode } from './category.dto';
import { CategoriesService } from './categories.service';

interface CategoryRow {
  node: ProductCategoryNode;
  level: number;
  path: string;
}

const columns: XlsxColumn<CategoryRow>[] = [
  { header: 'Level', type: 'number', width: 8, value: (r) => r.level },
  { header: 'Path', type: 'text', width: 60, value: (r) => r.path },
  { header: 'Name', type: 'text', width: 30, value: (r) => r.node.name },
  { header: 'Slug', type: 'text', width: 30, value: (r) => r.node.slug },
  { header: 'Active', type: 'boolean', value: (r) => r.node.active },
  { header: 'Display order', type: 'number', value: (r) => r.node.displayOrder },
  { header: 'Subcategories', type: 'number', value: (r) => r.node.children.length },
  { header: 'Created', type: 'datetime', width: 20, value: (r) => r.node.createdAt },
  { header: 'External reference', type: 'text', width: 20, value: (r) => r.node.externalReference },
  { header: 'Id', type: 'text', width: 38, value: (r) => r.node.id },
  { header: 'Parent id', type: 'text', width: 38, value: (r) => r.node.parentId },
];

/** Depth first, in the hierarchy's order: each category right after its parent. */
function* flatten(nodes: ProductCategoryNode[], level = 1, parentPath = ''): Generator<CategoryRow> {
  for (const node of nodes) {
    const path = parentPath ? `${parentPath} > ${node.name}` : node.name;
    yield { node, level, path };
    yield* flatten(node.children, level + 1, path);
  }
}

@ApiTags('Reports')
@ApiBearerAuth()
@Controller('core-api/reports/productcategories')
export class CategoryHierarchyReportController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('hierarchy')
  @ApiOperation({
    operationId: 'exportProductCategoryHierarchyXlsx',
    summary: 'Export the category hierarchy as .xlsx',
    description:
      'Every product category, depth first in the order of GET /core-api/catalog/productcategories/hierarchy, with its level and path (`Root > Child`), as an Excel sheet `product-categories.xlsx` with a frozen, filterable header row. A heavy operation: a few run at once per workspace and per process (429 / 503 with Retry-After beyond).',
  })
  @ApiXlsxResponse('The category hierarchy as an .xlsx workbook')
  @ApiProblems(401, 403)
  @HeavyOperation()
  hierarchy(@Ctx() ctx: RequestContext): StreamableFile {
    const categories = this.categories;
    return xlsxDownload(
      'product-categories.xlsx',
      'Categories',
      columns,
      (async function* () {
        // The tree is one query already (the hierarchy operation); rows are written in batches.
        const rows = [...flatten((await categories.hierarchy(ctx)).data)];
        for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500);
      })(),
    );
  }
}
