import type { WorkspaceSql } from '../../platform/database/db';

/** A stored VAT code as pricing reads it (the rate as numeric text). */
export interface VatCodeRow {
  id: string;
  code: string;
  rate: string;
  isDefault: boolean;
}

/**
 * What every price request reads of pricing's own tables, in one statement: the workspace's VAT
 * codes and the version of its active price scripts (`id:version` in running order, null when
 * there are none, as `versionOf` in atomic-scripts/price-scripts-version.ts says of loaded rows;
 * a cached compiled set of another version is stale).
 */
export async function priceTables(
  on: WorkspaceSql,
): Promise<{ vatCodes: VatCodeRow[]; scriptsVersion: string | null }> {
  const rows = await on.query<{ vatCodes: VatCodeRow[]; scriptsVersion: string | null }>(
    `SELECT coalesce((SELECT json_agg(json_build_object('id', v.id, 'code', v.code, 'rate', v.rate::text, 'isDefault', v.is_default))
       FROM vat_codes v WHERE v.workspace_id = $1), '[]'::json) AS "vatCodes",
     (SELECT string_agg(s.id::text || ':' || s.version, ',' ORDER BY s.display_order, s.id)
        FROM atomic_scripts s WHERE s.workspace_id = $1 AND s.trigger = 'PriceCalculation' AND s.active
     ) AS "scriptsVersion"`,
    [on.workspaceId],
  );
  return rows[0];
}
