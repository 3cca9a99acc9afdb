import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

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
 * Self time of the profiles written by `node --cpu-prof` (one per process), by owner and by
 * function, as markdown. Idle time is left out of the shares.
 */
export function summariseProfile(dir: string, files: string[]): string {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of files.filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      if (!hits || functionName === '(idle)') continue;
      total += hits;
      const who = owner(url, functionName);
      byOwner.set(who, (byOwner.get(who) ?? 0) + hits);
      const where = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}` : ''}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + hits);
    }
  }
  if (total === 0) return '(no profile samples)';
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${((100 * v) / total).toFixed(1)} % |`);
  return [
    '| self time by owner | share of busy CPU |',
    '|---|---:|',
    ...top(byOwner, 15),
    '',
    '| self time by function | share of busy CPU |',
    '|---|---:|',
    ...top(byFunction, 25),
  ].join('\n');
}
