import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

// Two projects: unit (in-process: engine, app, bot handlers, rendering, store) and e2e (the bot as
// a process against the fake Bot API). The e2e files spend most of their time waiting on
// Telegram's pacing, not on the processor, so four workers run side by side even on two cores,
// the longest files first whatever their project (test/setup/sequencer.ts).
//
// The unit files share their worker's modules (isolate: false): none of them changes the
// environment, timers or module state that another reads (no vi.mock, stubs or fake timers), and
// loading the networks, the fonts and the bot once a worker rather than once a file saves a
// seventh of the suite's processor time. They pass one after another in any order in a single
// worker (`TEST_WORKERS=1 npx vitest run --project unit --sequence.shuffle.files`). The e2e files
// keep a process each.
export default defineConfig({
  test: {
    globalSetup: ['test/setup/build.ts', 'test/setup/redis.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    projects: [
      { extends: true, test: { name: 'unit', isolate: false, include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
