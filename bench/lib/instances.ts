import { Client } from 'pg';
import type { Scenario } from '../scenarios/types';
import type { BenchConfig } from './config';
import { combine, LoadResult, runLoad } from './load';
import type { ServerProcess } from './processes';

/** One way of serving the load: one instance, two behind a round-robin, … */
export interface Deployment {
  name: string;
  servers: ServerProcess[];
}

export interface DeploymentRow {
  scenario: string;
  deployment: string;
  result: LoadResult;
}

/** The PostgreSQL backends connected to a database (but the asking one): the pools of the running instances. */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * Each scenario on each deployment: a warm-up, then `rounds` measured runs, the deployments in a
 * rotating order per round (a change in the machine's load hits all alike). Every run reports the
 * CPU of the service processes, of the PostgreSQL backends of the bench database, and of the load
 * generator (this process).
 */
export async function compareDeployments(
  scenarios: Scenario[],
  deployments: Deployment[],
  bearer: string,
  config: BenchConfig,
  log: (line: string) => void,
): Promise<DeploymentRow[]> {
  const rows: DeploymentRow[] = [];
  for (const scenario of scenarios) {
    for (const d of deployments) for (const s of d.servers) await scenario.before?.(s.url);
    const runs = new Map<string, LoadResult[]>(deployments.map((d) => [d.name, []]));
    for (const d of deployments)
      if (config.warmup > 0) await runLoad(d.servers, scenario, bearer, config.warmup, config.connections);
    for (let round = 0; round < config.rounds; round++) {
      const order = deployments.map((_, i) => deployments[(i + round) % deployments.length]);
      for (const d of order) {
        const pids = () => backendPids(config.databaseUrl);
        runs
          .get(d.name)!
          .push(await runLoad(d.servers, scenario, bearer, config.duration, config.connections, pids));
      }
    }
    for (const d of deployments) {
      const result = combine(runs.get(d.name)!);
      rows.push({ scenario: scenario.name, deployment: d.name, result });
      log(`${scenario.name} / ${d.name}: ${Math.round(result.reqPerSec)} req/s`);
    }
  }
  return rows;
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The table of `compareDeployments`: throughput relative to the first deployment, and where the
 * CPU went (ms per request and the cores busy on average: CPU ms/req × req/s / 1000).
 */
export function deploymentTable(rows: DeploymentRow[], baseline: string): string {
  const lines = [
    '| scenario | deployment | req/s | p50 (ms) | p99 (ms) | vs one instance | service CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req | cores busy (service + PostgreSQL + generator) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const base = rows.find((r) => r.scenario === row.scenario && r.deployment === baseline);
    const r = row.result;
    const split = r.cpuSplit;
    const cores = (ms: number) => (ms * r.reqPerSec) / 1000;
    const failures = r.non2xx + r.errors;
    lines.push(
      `| ${row.scenario} | ${row.deployment} | ${fmt(r.reqPerSec)}${failures ? ` (${failures} failed)` : ''} | ${fmt(r.p50)} | ${fmt(r.p99)} | ` +
        `${base ? fmt(r.reqPerSec / base.result.reqPerSec, 2) : ''} | ${fmt(split?.service, 3)} | ${fmt(split?.postgres, 3)} | ${fmt(split?.generator, 3)} | ` +
        (split
          ? `${fmt(cores(split.service + split.postgres + split.generator), 2)} (${fmt(cores(split.service), 2)} + ${fmt(cores(split.postgres), 2)} + ${fmt(cores(split.generator), 2)})`
          : '') +
        ' |',
    );
  }
  return lines.join('\n');
}
