/**
 * Jest in ESM mode (NestJS 12 is ESM-only): ts-jest with `useESM`, run by `npm test` under
 * `node --experimental-vm-modules`. Three projects: unit tests beside the code, e2e tests in test/
 * (each file boots the real app on its own database, see test/support/app.ts), and the scale-out
 * suite (test/scale-out: several service processes on one server database), a project only when
 * TEST_DATABASE_URL names a server.
 */
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
};

export default {
  // Global (Jest ignores it per project): booting the app on a busy 2-core machine can take seconds.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      // test/lint: the lint rules proven on probe files
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      // Every answer is checked against the app's own OpenAPI document (test/support/contract.ts).
      setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
    },
    // Only with a server database (an empty testMatch would make Jest fall back to matching everything).
    ...(process.env.TEST_DATABASE_URL
      ? [{ ...common, displayName: 'scale-out', testMatch: ['<rootDir>/test/scale-out/**/*.scale-spec.ts'] }]
      : []),
  ],
};
