import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The package version, read once (from the source tree or from dist/). */
function readVersion(): string {
  for (const path of ['package.json', '../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(resolve(process.cwd(), path), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'trade-crm-service' && pkg.version) return pkg.version;
    } catch {
      /* try the next candidate */
    }
  }
  return '0.0.0';
}

export const version = readVersion();
