import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgres = process.env['TEST_DATABASE_URL'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // API files then ran one at a time while each waited on its database half the time. Every
    // file has databases of its own (tests/support/db-global-setup.ts), so two at least run
    // side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/db-global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api:postgres',
                include: ['tests/api/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['tests/support/db-global-setup.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
