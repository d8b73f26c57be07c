import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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
          globalSetup: ['./scripts/messages.ts'],
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own databases; PGlite start-up is CPU-bound on two cores.
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
