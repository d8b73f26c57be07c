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
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
