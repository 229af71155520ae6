import { defineConfig } from 'vitest/config';

// Two projects: unit (in-process: engine, app, bot handlers, rendering, store) and e2e (the bot as
// a process against the fake Bot API). The e2e files spend most of their time waiting on
// Telegram's pacing, not on the processor, so four workers run side by side even on two cores.
export default defineConfig({
  test: {
    globalSetup: ['test/setup/build.ts', 'test/setup/redis.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
