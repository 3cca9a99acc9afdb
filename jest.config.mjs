/**
 * Jest in ESM mode (NestJS 12 is ESM-only): ts-jest with `useESM`, run by `npm test` under
 * `node --experimental-vm-modules`. The projects:
 * - unit: the specs beside the code;
 * - e2e: test/e2e, each file boots the real app on its own database (test/support/app.ts);
 * - slow: the e2e suites that kill, stop or flood the service (crash safety, shutdown, durability on
 *   disk, the fuzzer, heavy operations): minutes each, so `npm test` leaves them out and CI runs
 *   them as a step of their own (`npm test -- --selectProjects slow`);
 * - scale-out: several service processes on one server database (test/scale-out), a project only
 *   when TEST_DATABASE_URL names a server.
 * `npm test` runs every project but slow unless --selectProjects names the projects to run.
 */
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
};

/** The slow e2e suites (measured: each takes minutes on 2 cores, most start child processes). */
const slow = [
  'platform/crash-safety',
  'platform/shutdown',
  'platform/embedded-durability',
  'platform/idempotency-crash',
  'platform/fuzz',
  'platform/heavy-operations',
  'sales/sales-orders-crash',
  'webhooks/webhooks-crash',
  // Start the service in production mode as a child process (the metrics side port), and compile
  // a client generated from the document with tsc: half a minute each.
  'platform/metrics',
  'platform/generated-client',
  // Starts the import command-line client as a child process against a served app.
  'transfer/import-cli',
  'transfer/import-crash',
  // Uploads and counts a file of 1,000,000 rows, streams 200 MiB against the upload limit.
  'transfer/import-limits',
];

const e2e = {
  ...common,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Every answer is checked against the app's own OpenAPI document (test/support/contract.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
};

/** Whether the command line picks the projects itself (then slow is offered too). */
const projectsSelected = process.argv.some((arg) => /^--selectProjects(=|$)/.test(arg));

export default {
  // Global (Jest ignores it per project): booting the app on a busy 2-core machine can take seconds.
  testTimeout: 60000,
  // The default output, then the time each project took (test/support/project-times-reporter.mjs).
  reporters: ['default', '<rootDir>/test/support/project-times-reporter.mjs'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      // test/lint: the lint rules proven on probe files
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'],
    },
    {
      ...e2e,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...slow.map((name) => `/test/e2e/${name}\\.e2e-spec\\.ts$`)],
    },
    ...(projectsSelected
      ? [
          {
            ...e2e,
            displayName: 'slow',
            testMatch: slow.map((name) => `<rootDir>/test/e2e/${name}.e2e-spec.ts`),
          },
        ]
      : []),
    // Only with a server database (an empty testMatch would make Jest fall back to matching everything).
    ...(process.env.TEST_DATABASE_URL
      ? [{ ...common, displayName: 'scale-out', testMatch: ['<rootDir>/test/scale-out/**/*.scale-spec.ts'] }]
      : []),
  ],
};
