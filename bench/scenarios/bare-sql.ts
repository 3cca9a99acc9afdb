import type { BareAnswer } from './types';

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
