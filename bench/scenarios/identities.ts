import { inParallel } from '../lib/api';
import {
  iso,
  liveSessionFrom,
  liveSessionWhere,
  notFound,
  pageParams,
  unauthorized,
  uuidPattern,
} from './bare-sql';
import { BareAuth, BareRoute, defineSuite, get, rotate } from './types';

/** The columns of a client login's answer (never the password hash). */
const columns = `c.id, c.workspace_id, c.created_at, c.modified_at, c.external_reference, c.version,
       c.username, c.email, c.display_name, c.active, c.last_login_at`;

interface ClientLoginRow {
  role: string;
  id: string | null;
  workspace_id: string;
  created_at: Date;
  modified_at: Date;
  external_reference: string | null;
  version: number;
  username: string;
  email: string;
  display_name: string | null;
  active: boolean;
  last_login_at: Date | null;
  total?: string;
}

/** The same JSON as the service's `toClientLoginResponse`. */
const toResponse = (r: ClientLoginRow) => ({
  id: r.id,
  workspace: r.workspace_id,
  createdAt: r.created_at.toISOString(),
  modifiedAt: r.modified_at.toISOString(),
  externalReference: r.external_reference,
  username: r.username,
  email: r.email,
  displayName: r.display_name,
  status: { active: r.active, lastLoginAt: iso(r.last_login_at) },
});

const byIdSql = `SELECT m.role, ${columns}
  FROM ${liveSessionFrom}
  LEFT JOIN client_logins c ON c.workspace_id = $2 AND c.id = $3
 WHERE ${liveSessionWhere}`;

// The service's default order (SortBy=Email): lower(email), then id; the total in the same statement.
const listSql = `SELECT m.role, c.*
  FROM ${liveSessionFrom}
  LEFT JOIN LATERAL (
    SELECT ${columns}, count(*) OVER () AS total
      FROM client_logins c
     WHERE c.workspace_id = $2
     ORDER BY lower(c.email), c.id
     LIMIT $3 OFFSET $4) c ON true
 WHERE ${liveSessionWhere}`;

const forbiddenForClients = (auth: BareAuth) =>
  auth.typ === 'Client' ? { status: 403, body: { title: 'Forbidden', status: 403 } } : undefined;

const bareRoutes: BareRoute[] = [
  {
    method: 'GET',
    pattern: new RegExp(`^/core-api/identities/(${uuidPattern})$`),
    async handle(match, _query, auth, db) {
      const denied = forbiddenForClients(auth);
      if (denied) return denied;
      const { rows } = await db.query<ClientLoginRow>({
        name: 'identity_by_id',
        text: byIdSql,
        values: [auth.sid, auth.ws, match[1]],
      });
      if (rows.length === 0) return unauthorized;
      if (!rows[0].id) return notFound('Client login', match[1]);
      return { status: 200, body: toResponse(rows[0]), etag: `"${rows[0].version}"` };
    },
  },
  {
    method: 'GET',
    pattern: /^\/core-api\/identities$/,
    async handle(_match, query, auth, db) {
      const denied = forbiddenForClients(auth);
      if (denied) return denied;
      const page = pageParams(query);
      if ('status' in page) return page;
      const { rows } = await db.query<ClientLoginRow>({
        name: 'identity_list',
        text: listSql,
        values: [auth.sid, auth.ws, page.take, page.skip],
      });
      if (rows.length === 0) return unauthorized;
      const data = rows.filter((r) => r.id).map(toResponse);
      return { status: 200, body: { data, total: data.length ? Number(rows[0].total) : 0 } };
    },
  },
];

/**
 * Foundation scenarios on client logins ("identities"), the canonical workspace resource:
 * GET one by id and GET a page of 20, both as the workspace Owner.
 */
export const identitiesSuite = defineSuite<{ ids: string[] }>({
  name: 'identities',
  async seed({ api, config, log }) {
    const ids: string[] = [];
    const stamp = Date.now().toString(36);
    // Each create hashes a password with argon2id (by design slow), so a few at a time.
    await inParallel(config.identities, 4, async (i) => {
      const created = await api.ok<{ id: string }>('POST', '/core-api/identities', {
        username: `bench-${stamp}-${i}`,
        email: `bench-${stamp}-${i}@example.test`,
        displayName: `Bench client ${i}`,
        password: 'bench-password',
        externalReference: `bench-${i}`,
      });
      ids.push(created.id);
    });
    log(`${ids.length} client logins`);
    return { ids };
  },
  scenarios({ ids }) {
    const nextId = rotate(ids);
    return [
      { name: 'identity by id', next: () => get(`/core-api/identities/${nextId()}`) },
      { name: 'identities, a page of 20', next: () => get('/core-api/identities?Take=20') },
    ];
  },
  bareRoutes,
});
