import autocannon from 'autocannon';
import type { Scenario } from '../scenarios/types';
import type { ServerProcess } from './processes';

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb?: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * A fixed-length autocannon run of one scenario against one server on 127.0.0.1: `connections`
 * keep-alive connections for `seconds`, each request asking `scenario.nextPath()`. Stops by itself.
 */
export async function runLoad(
  server: ServerProcess,
  scenario: Scenario,
  bearer: string,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const stopSampling = server.sampleRss();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { authorization: bearer, accept: 'application/json' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: scenario.nextPath() }) }],
  });
  const rssMb = stopSampling();
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
