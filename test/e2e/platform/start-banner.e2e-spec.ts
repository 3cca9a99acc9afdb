import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CrashBed } from './child-service';

/**
 * A first start as a newcomer runs it (`npm start`: default log level, generated admin password):
 * the password and the URLs are the last lines it prints, as plain text, not after ~290 JSON lines.
 */
describe('The start banner', () => {
  let bed: CrashBed;

  beforeAll(async () => {
    bed = await CrashBed.create('banner', { LOG_LEVEL: 'info' });
    delete bed.env.BOOTSTRAP_ADMIN_PASSWORD; // generated and shown once, as on a first start
  });
  afterAll(() => bed.dispose());

  it('ends the first start with the generated admin password and the URLs, and says little before', async () => {
    const service = await bed.start();
    const port = bed.env.PORT;
    // Written in one piece once the service listens.
    await service.waitForOutput('/openapi.json\n');
    // What follows the banner is only the log of this test's own requests (the bed's readiness
    // probes, the contract harness reading the document).
    const all = service.log.trimEnd().split('\n');
    const end = all.findIndex((l) => l.startsWith('  OpenAPI document:')) + 1;
    const lines = all.slice(0, end);
    // Node's own process warnings (a library's deprecation notice: `(node:PID) …` and its
    // `(Use \`node --trace-…` hint) go to stderr beside the log; they are not the service's lines.
    const logged = all.slice(end).filter((l) => !/^\((node:\d+|Use `node --trace-)/.test(l));
    for (const after of logged) expect(JSON.parse(after)).toMatchObject({ msg: 'request' });
    const database = bed.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${bed.dataDir}`;
    expect(lines.slice(-8)).toEqual([
      expect.stringMatching(/^Bootstrap admin created \(Owner of workspace "Default", id [0-9a-f-]{36}\)\.$/),
      '  username: admin   (or admin@example.com)',
      expect.stringMatching(/^ {2}password: \S{16} {3}\(generated; shown once — change it\)$/),
      expect.stringContaining(`  log in:   curl -s -X POST http://localhost:${port}/core-api/auth/login `),
      '',
      `Listening on http://localhost:${port} (${database})`,
      `  API docs (Swagger UI): http://localhost:${port}/docs`,
      `  OpenAPI document:      http://localhost:${port}/openapi.json`,
    ]);
    // Nest's line per module and per route is debug: the banner is most of what a start prints.
    expect(lines.length).toBeLessThan(20);
    expect(service.log).not.toContain('RouterExplorer');

    const password = /password: (\S+)/.exec(service.log)![1];
    const login = await fetch(`${service.baseUrl}/core-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
  });
});
