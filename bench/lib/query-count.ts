import { Client } from 'pg';
import type { Scenario } from '../scenarios/types';
import type { PgWireCounter } from './pg-wire-counter';
import type { ServerProcess } from './processes';

export interface QueryCount {
  scenario: string;
  requests: number;
  perRequest: number;
  authPerRequest: number;
  /** Distinct statements with how often each ran per request. */
  statements: Array<{ sql: string; perRequest: number }>;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** Sends `requests` sequential requests of the scenario and counts what reached PostgreSQL. */
export async function countQueries(
  server: ServerProcess,
  counter: PgWireCounter,
  scenario: Scenario,
  bearer: string,
  requests = 20,
): Promise<QueryCount> {
  counter.reset();
  for (let i = 0; i < requests; i++) {
    const next = scenario.next();
    const res = await fetch(server.url + next.path, {
      method: next.method,
      headers: {
        authorization: next.bearer ?? bearer,
        ...(next.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: next.body === undefined ? undefined : JSON.stringify(next.body),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} while counting queries`);
  }
  const bySql = new Map<string, number>();
  for (const s of counter.statements) bySql.set(oneLine(s.sql), (bySql.get(oneLine(s.sql)) ?? 0) + 1);
  const statements = [...bySql].map(([sql, n]) => ({ sql, perRequest: n / requests }));
  return {
    scenario: scenario.name,
    requests,
    perRequest: counter.statements.length / requests,
    authPerRequest: statements
      .filter((s) => /\bauth_sessions\b/.test(s.sql))
      .reduce((a, s) => a + s.perRequest, 0),
    statements,
  };
}

/** `EXPLAIN` of the guard's session statement for the token's session: which indexes it uses. */
export async function explainSessionQuery(
  databaseUrl: string,
  sql: string,
  accessToken: string,
): Promise<string[]> {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
    sid: string;
  };
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`,
      [claims.sid],
    );
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.end();
  }
}
