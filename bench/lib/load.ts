import autocannon from 'autocannon';
import type { Scenario } from '../scenarios/types';
import { ServerProcess } from './processes';

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb?: number;
  /** CPU time the server process used per answered request (user + system), in ms. */
  cpuMsPerRequest?: number;
  /**
   * CPU ms per answered request of the service processes, the PostgreSQL backends serving them and
   * the load generator (this process), when the run was asked for it.
   */
  cpuSplit?: { service: number; postgres: number; generator: number };
  requests: number;
  non2xx: number;
  /** How many answers of each status other than 2xx. */
  statuses?: Record<string, number>;
  errors: number;
}

/**
 * A fixed-length autocannon run of one scenario against one server on 127.0.0.1: `connections`
 * keep-alive connections for `seconds`, each request asking `scenario.nextPath()`. Stops by itself.
 */
/**
 * Several runs of one scenario and server as one result: req/s from all requests over all time,
 * p50/p99 the median of the runs', RSS the peak (the sum of the processes' peaks for several), CPU per request over all runs.
 */
export function combine(runs: LoadResult[]): LoadResult {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0);
  const requests = sum((r) => r.requests);
  const cpu = runs.every((r) => r.cpuMsPerRequest !== undefined)
    ? sum((r) => r.cpuMsPerRequest! * r.requests) / requests
    : undefined;
  const rss = runs.map((r) => r.rssMb).filter((x): x is number => x !== undefined);
  const split = (part: 'service' | 'postgres' | 'generator') =>
    sum((r) => r.cpuSplit![part] * r.requests) / requests;
  const cpuSplit = runs.every((r) => r.cpuSplit)
    ? { service: split('service'), postgres: split('postgres'), generator: split('generator') }
    : undefined;
  return {
    reqPerSec: sum((r) => r.reqPerSec) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rssMb: rss.length ? Math.max(...rss) : undefined,
    cpuMsPerRequest: cpu,
    cpuSplit,
    requests,
    non2xx: sum((r) => r.non2xx),
    statuses: runs.reduce<Record<string, number>>((all, r) => {
      for (const [code, n] of Object.entries(r.statuses ?? {})) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
    errors: sum((r) => r.errors),
  };
}

/** CPU time (user + system) of other processes so far, in ms, by pid (those it can read). */
export function processCpuMs(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const ms = ServerProcess.cpuMsOf(pid);
    if (ms !== undefined) out.set(pid, ms);
  }
  return out;
}

export async function runLoad(
  servers: ServerProcess | ServerProcess[],
  scenario: Scenario,
  bearer: string,
  seconds: number,
  connections: number,
  /**
   * The PostgreSQL backends whose CPU to report (`cpuSplit`), asked before and after the run: a
   * backend that appeared meanwhile (a pool opening a connection) counts with all its CPU, one
   * that ended meanwhile is missed.
   */
  postgresPids?: () => Promise<number[]>,
): Promise<LoadResult> {
  const targets = Array.isArray(servers) ? servers : [servers];
  const stopSampling = targets.map((s) => s.sampleRss());
  const serviceCpu = () => {
    const each = targets.map((s) => s.cpuMs());
    return each.every((v) => v !== undefined) ? each.reduce((a, v) => a + v!, 0) : undefined;
  };
  const cpuBefore = serviceCpu();
  const pgBefore = postgresPids ? processCpuMs(await postgresPids()) : undefined;
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({
    // Several URLs: autocannon spreads the connections over them in turn (connection i goes to
    // url i mod n), as a round-robin load balancer does with keep-alive connections.
    // (@types/autocannon declares a string only).
    url: (targets.length === 1 ? targets[0].url : targets.map((s) => s.url)) as string,
    connections,
    duration: seconds,
    headers: { authorization: bearer, accept: 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const next = scenario.next();
          const headers = next.bearer ? { ...req.headers, authorization: next.bearer } : req.headers;
          return next.body === undefined
            ? { ...req, method: next.method, path: next.path, headers }
            : {
                ...req,
                method: next.method,
                path: next.path,
                body: JSON.stringify(next.body),
                headers: { ...headers, 'content-type': 'application/json' },
              };
        },
      },
    ],
  });
  const generator = process.cpuUsage(generatorBefore);
  const peaks = stopSampling.map((stop) => stop()).filter((v): v is number => v !== undefined);
  const cpuAfter = serviceCpu();
  let pgMs: number | undefined;
  if (postgresPids && pgBefore) {
    pgMs = 0;
    for (const [pid, ms] of processCpuMs(await postgresPids())) pgMs += ms - (pgBefore.get(pid) ?? 0);
  }
  const total = result.requests.total;
  const serviceMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    cpuMsPerRequest: serviceMs !== undefined && total > 0 ? serviceMs / total : undefined,
    cpuSplit:
      pgMs !== undefined && serviceMs !== undefined && total > 0
        ? {
            service: serviceMs / total,
            postgres: pgMs / total,
            generator: (generator.user + generator.system) / 1000 / total,
          }
        : undefined,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: peaks.length ? peaks.reduce((a, v) => a + v, 0) : undefined,
    requests: total,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stats]) => [code, stats.count ?? 0]),
    ),
    errors: result.errors,
  };
}
