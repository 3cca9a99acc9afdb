import autocannon from 'autocannon';
import type { Scenario } from '../scenarios/types';
import type { ServerProcess } from './processes';

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb?: number;
  /** CPU time the server process used per answered request (user + system), in ms. */
  cpuMsPerRequest?: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * A fixed-length autocannon run of one scenario against one server on 127.0.0.1: `connections`
 * keep-alive connections for `seconds`, each request asking `scenario.nextPath()`. Stops by itself.
 */
/**
 * Several runs of one scenario and server as one result: req/s from all requests over all time,
 * p50/p99 the median of the runs', RSS the peak, CPU per request over all runs.
 */
export function combine(runs: LoadResult[]): LoadResult {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0);
  const requests = sum((r) => r.requests);
  const cpu = runs.every((r) => r.cpuMsPerRequest !== undefined)
    ? sum((r) => r.cpuMsPerRequest! * r.requests) / requests
    : undefined;
  const rss = runs.map((r) => r.rssMb).filter((x): x is number => x !== undefined);
  return {
    reqPerSec: sum((r) => r.reqPerSec) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rssMb: rss.length ? Math.max(...rss) : undefined,
    cpuMsPerRequest: cpu,
    requests,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

export async function runLoad(
  server: ServerProcess,
  scenario: Scenario,
  bearer: string,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const stopSampling = server.sampleRss();
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { authorization: bearer, accept: 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const next = scenario.next();
          return next.body === undefined
            ? { ...req, method: next.method, path: next.path }
            : {
                ...req,
                method: next.method,
                path: next.path,
                body: JSON.stringify(next.body),
                headers: { ...req.headers, 'content-type': 'application/json' },
              };
        },
      },
    ],
  });
  const rssMb = stopSampling();
  const cpuAfter = server.cpuMs();
  return {
    cpuMsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? (cpuAfter - cpuBefore) / result.requests.total
        : undefined,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
