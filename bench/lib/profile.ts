import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time in microseconds of the monotonic clock (process.hrtime and V8's profiler agree on it). */
export type Window = [startUs: number, endUs: number];

export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Where a frame's code lives: an npm package, the app's own code, Node's core, or V8 itself. */
function owner(url: string, fn: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node core';
  const app = /\/(src|bench|migrations)\/(.*)$/.exec(url);
  if (app) return `app: ${app[1]}/${app[2].split('/').slice(0, -1).join('/') || '.'}`;
  if (!url) return fn.startsWith('(') ? fn : 'native / builtins';
  return url;
}

/**
 * Self time of a profile written by `node --cpu-prof`, counting only the samples taken inside
 * `windows` (the measured load runs, not start-up or seeding), by owner and by function, as
 * markdown. Idle time is left out of the shares.
 */
export function summariseProfile(file: string, windows: Window[]): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map<number, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (windows.some(([a, b]) => t >= a && t <= b))
      hits.set(profile.samples[i], (hits.get(profile.samples[i]) ?? 0) + 1);
  }
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, n] of hits) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += n;
      continue;
    }
    busy += n;
    const who = owner(url, functionName);
    byOwner.set(who, (byOwner.get(who) ?? 0) + n);
    const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/');
    const where = `${functionName || '(anonymous)'}${url ? ` ${short}:${lineNumber + 1}` : ''}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + n);
  }
  if (busy === 0) return '(no profile samples inside the measured runs)';
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${((100 * v) / busy).toFixed(1)} % |`);
  return [
    `${busy + idle} samples in the measured runs, ${((100 * idle) / (busy + idle)).toFixed(0)} % idle.`,
    '',
    '| self time by owner | share of busy CPU |',
    '|---|---:|',
    ...top(byOwner, 12),
    '',
    '| self time by function | share of busy CPU |',
    '|---|---:|',
    ...top(byFunction, 20),
  ].join('\n');
}
