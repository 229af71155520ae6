/**
 * The order the test files start in. Vitest's own order runs one project after the other (all
 * of e2e, then all of unit), so the long in-process files started only when e2e's workers came
 * free, and the suite waited on them at the end while the e2e files had spent their time
 * waiting on Telegram's pacing with the processors half idle. Here the longest files start first
 * whatever their project, so the waiting e2e files and the processor-bound unit files overlap;
 * every other file follows in vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files, longest first (by a run of the suite: the e2e ones mostly wait). */
const FIRST = [
  'test/ai/analysis.test.ts',
  'test/ai/review-choices.test.ts',
  'test/e2e/social.e2e.test.ts',
  'test/e2e/bot.e2e.test.ts',
  'test/ai/prune.test.ts',
  'test/e2e/faults.e2e.test.ts',
  'test/e2e/cluster.e2e.test.ts',
  'test/e2e/webapp.e2e.test.ts',
  'test/e2e/tournament.e2e.test.ts',
  'test/e2e/kills.e2e.test.ts',
  'test/bot/review.test.ts',
  'test/e2e/startup.e2e.test.ts',
  'test/e2e/find.e2e.test.ts',
  'test/e2e/invitations.e2e.test.ts',
  'test/ai/cube-classes.test.ts',
  'test/ai/lookahead-data.test.ts',
  'test/app/review-threads.test.ts',
  'test/e2e/flood.e2e.test.ts',
  'test/app/export-gnubg.test.ts',
  'test/config.test.ts',
  'test/ai/player.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = FIRST.findIndex((p) => f.moduleId.replaceAll('\\', '/').endsWith(p));
      return i < 0 ? FIRST.length : i;
    };
    return base.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
