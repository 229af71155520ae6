/**
 * Fairness under a flood: npm run -s bench:flood [-- --runs 2]
 *
 * The scenario of test/e2e/flood-scenario.ts, on its own: one bot process with its own
 * redis-server, Telegram's limits on (the fake Bot API); one user sends 300 /start in 10 s and
 * five members of a group send commands there, while another user presses a button every 250 ms
 * in their own chat. Prints, for long polling and a webhook, the other user's answer times
 * (p50, p99, max), the "slow down" replies and the process's memory. Target: p99 under a second
 * on a quiet machine (run it alone: the suite's test shares the processor with other files and
 * checks only that the presses never wait behind the flood).
 */
import { flood, p99 } from '../test/e2e/flood-scenario.js';
import { startRedis } from '../test/setup/redis.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const RUNS = Number(arg('--runs', '1'));
if (!Number.isSafeInteger(RUNS) || RUNS < 1) {
  console.error('usage: npm run -s bench:flood [-- --runs N]  (N a whole number from 1)');
  process.exit(2);
}

const redis = await startRedis();
const out: Record<string, unknown>[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [mode, base] of [['polling', 910_000], ['webhook', 920_000]] as const) {
      const r = await flood(mode, base + run * 1000, redis.url);
      const sorted = [...r.victim].sort((a, b) => a - b);
      out.push({
        mode,
        run,
        presses: r.victim.length,
        p50Ms: sorted[Math.floor(sorted.length / 2)],
        p99Ms: p99(r.victim),
        maxMs: sorted[sorted.length - 1],
        slowDowns: r.slowDowns,
        rssMb: { before: Math.round(r.rssBefore), after: Math.round(r.rssAfter) },
        tooMany: r.fake.tooManyLog.length,
      });
    }
  }
} finally {
  redis.proc.kill('SIGKILL');
}
const worst = Math.max(...out.map((o) => o.p99Ms as number));
console.log(JSON.stringify({ runs: out, worstP99Ms: worst, target: 'p99 < 1000 ms', met: worst < 1000 }, null, 1));
