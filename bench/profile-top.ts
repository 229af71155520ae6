/**
 * Where a process's time went: npm run -s bench:profile -- FILE.cpuprofile [--top 25]
 *
 * Reads a V8 CPU profile (node --cpu-prof; `BENCH_PROFILE=DIR npm run -s bench:bot ...` writes
 * the bot's) and prints one JSON object: the share of sampled time by area (rendering, JSON,
 * Redis, Telegram calls, the engine, the AI, garbage collection, idle) and the functions with the
 * most time of their own.
 */
import { readFileSync } from 'node:fs';

interface Node {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly Node[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: bench:profile FILE.cpuprofile [--top N]');
const top = Number(process.argv[process.argv.indexOf('--top') + 1] ?? 25) || 25;
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const AREAS: Array<[string, RegExp]> = [
  ['idle', /^\(idle\)$/],
  ['gc', /^\(garbage collector\)$/],
  ['render', /\/render\/|sharp/],
  ['json', /^(JSON\.parse|JSON\.stringify|parse|stringify)$/],
  ['redis', /ioredis|redis-parser|\/store\//],
  ['telegram', /grammy|undici|node:http|_http|\/bot\/outbox/],
  ['engine', /\/engine\//],
  ['ai', /\/ai\//],
  ['app', /\/app\//],
  ['bot', /\/bot\//],
];

/** The area of a sample: the first area named along its stack, from the leaf up. */
function areaOf(id: number): string {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    const key = f.url || f.functionName;
    for (const [name, re] of AREAS) if (re.test(key) || re.test(f.functionName)) return name;
  }
  return 'other';
}

const self = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
p.samples.forEach((id, i) => {
  const dt = p.timeDeltas[i] ?? 0;
  total += dt;
  const f = byId.get(id)!.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(name, (self.get(name) ?? 0) + dt);
  const a = areaOf(id);
  areas.set(a, (areas.get(a) ?? 0) + dt);
});
const share = (x: number): number => +((100 * x) / Math.max(1, total)).toFixed(1);
console.log(
  JSON.stringify(
    {
      seconds: +(total / 1e6).toFixed(1),
      areas_percent: Object.fromEntries([...areas].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, share(v)])),
      top_self_percent: [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, share(v)]),
    },
    null,
    1,
  ),
);
