import { rmSync } from 'node:fs';
import { serverUrl, templatePath } from './test-env';

/** Removes the run's dump of the migrated embedded database (tens of MB in the temporary directory). */
export default function globalTeardown(): void {
  if (!serverUrl) rmSync(templatePath(), { force: true });
}
