import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import semver from 'semver';

interface Lock {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}

/**
 * The service runs on the Node.js `engines` names (20.19+; CI and the Docker image run Node 20):
 * every package the lockfile installs must accept it, or `npm ci` prints EBADENGINE and the package
 * may use what Node 20 lacks. Newer majors that ask for Node 22 are pinned back by `overrides`.
 */
describe('Node.js engines', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('installs only packages that run on the oldest Node.js the service supports', () => {
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([path, range]) => path && range && !semver.satisfies(oldest, range))
      .map(([path, range]) => `${path.replace(/^.*node_modules\//, '')} wants node ${range}`);
    expect(refusing).toEqual([]);
  });
});
