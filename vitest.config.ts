import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one here. Two keep both cores busy (an
    // integration file spends much of its time waiting on a server it started).
    maxWorkers: 2,
    // `npm run test:coverage`: V8 coverage of the server's code over the unit and integration tests
    // (docs/testing.md has the figures). Servers the tests start as processes are not counted.
    coverage: {
      provider: 'v8',
      include: ['app/**/*.server.ts', 'server/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
    },
    projects: [
      {
        test: {
          name: 'unit',
          // The tests import the compiled message functions (app/paraglide): compiled first.
          globalSetup: ['./scripts/messages.ts'],
          include: ['app/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['./scripts/messages.ts', './tests/integration/global-setup.ts'],
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own databases (copies of the migrated ones global-setup.ts makes once).
          // Files share their worker's modules (not isolated): loading the app's modules again for
          // each file cost the two workers about 355 s of a 12-minute phase, which took 8 once they
          // were shared. What the app keeps in memory is keyed by its database (WeakMaps) or by
          // request; no file changes process.env or mocks a module, and a file that changes the
          // message runtime's locale puts it back in a `finally`. One that must do more would need
          // a project of its own.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
