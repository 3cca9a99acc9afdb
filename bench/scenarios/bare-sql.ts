import type { BareAnswer, BareAuth } from './types';

/**
 * The session check of the service's guard (src/identity/auth/jwt.strategy.ts), as a FROM clause
 * the bare statements join their read to: the session `$1` must exist, be unrevoked and (for a
 * user) still have a membership in its workspace; `m.role` comes back with the row. So the bare
 * server also authenticates every request against the database, in the same single round trip.
 */
export const liveSessionFrom = `auth_sessions s
  JOIN memberships m ON m.workspace_id = s.workspace_id AND m.user_id = s.user_id`;
export const liveSessionWhere = 's.id = $1 AND s.revoked_at IS NULL';

export const uuidPattern = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const unauthorized: BareAnswer = {
  status: 401,
  body: { type: 'about:blank', title: 'Unauthorized', status: 401 },
};
export const notFound = (what: string, id: string): BareAnswer => ({
  status: 404,
  body: { type: 'about:blank', title: 'Not Found', status: 404, detail: `${what} ${id} was not found.` },
});
export const badRequest = (field: string, message: string): BareAnswer => ({
  status: 400,
  body: { type: 'about:blank', title: 'Bad Request', status: 400, errors: { [field]: [message] } },
});

/** Take/Skip of a list, case-insensitive names as in the service (defaults 100 / 0). */
export function pageParams(query: URLSearchParams): { take: number; skip: number } | BareAnswer {
  let take = 100;
  let skip = 0;
  for (const [key, value] of query) {
    const k = key.toLowerCase();
    if (k !== 'take' && k !== 'skip') continue;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (k === 'take') {
      if (!(n >= 0 && n <= 1000)) return badRequest('Take', 'Take must be a whole number from 0 to 1000');
      take = n;
    } else {
      if (!(n >= 0 && n <= 2147483647)) return badRequest('Skip', 'Skip must be a whole number from 0');
      skip = n;
    }
  }
  return { take, skip };
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The session check of a client login, as the guard does it (jwt.strategy.ts with
 * findSessionGrant: the session unrevoked, its client login active; a client has no membership),
 * joined to the shopper it stands for, as crm's shopperOfClientLogin finds it: the login's contact
 * and that contact's first account by position, as `a` (contact_id, id, display_name, account_code,
 * product_catalog_id, commerce_settings; the account's columns null without one). `cl.id` comes
 * back for the subject check (`isCaller`). `$1` the session, `$2` the workspace.
 */
export const shopperFrom = `auth_sessions s
  JOIN client_logins cl ON cl.id = s.client_login_id AND cl.workspace_id = s.workspace_id AND cl.active
  LEFT JOIN LATERAL (
    SELECT ct.id AS contact_id, ac.id, ac.display_name, ac.account_code, ac.product_catalog_id, ac.commerce_settings
      FROM contacts ct
      LEFT JOIN contact_accounts ca ON ca.contact_id = ct.id AND ca.workspace_id = ct.workspace_id
      LEFT JOIN accounts ac ON ac.id = ca.account_id AND ac.workspace_id = ct.workspace_id
     WHERE ct.workspace_id = $2 AND ct.client_login_id = cl.id
     ORDER BY ca.position ASC NULLS LAST
     LIMIT 1) a ON true`;
export const shopperWhere = 's.id = $1 AND s.revoked_at IS NULL AND s.workspace_id = $2';

/** The guard's claim check: the session's client login is the token's subject. */
export const isCaller = (clientLoginId: string | null | undefined, auth: BareAuth): boolean =>
  auth.typ === 'Client' && clientLoginId === auth.sub;

/**
 * The storefront's visibility of the product `p` for the shopper `a` (ProductReads.restrict with
 * StorefrontProductsService.visibility): active, and in the account's catalog when it has one.
 */
export const visibleToShopper = `p.active AND (a.product_catalog_id IS NULL OR EXISTS (
    SELECT 1 FROM product_catalog_links vc
     WHERE vc.workspace_id = p.workspace_id AND vc.product_id = p.id AND vc.catalog_id = a.product_catalog_id))`;

/** What the bare server answers to a caller the bench never sends (it mirrors the shopper's path only). */
export const notMirrored = (what: string): BareAnswer => ({
  status: 501,
  body: { title: 'Not Implemented', status: 501, detail: `the bare server mirrors ${what}` },
});
