/**
 * Tournament benchmark: the time to pair a Swiss round of 256 players (rounds 1–8 of a simulated
 * event), and a 64-player Swiss run through the use cases to its end (every match a real match of
 * the table, ended by a resignation) on the in-memory store.
 *
 *   npm run -s bench:tournament [-- --players 256 --sim 64]
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app/index.js';
import type { GameRecord } from '../src/app/model.js';
import type { Tournament } from '../src/app/tournament/model.js';
import { nextDraw, roundsFor } from '../src/app/tournament/pairing.js';
import { standings } from '../src/app/tournament/standings.js';
import { seededRandom } from '../src/sim/rng.js';
import { MemoryStore } from '../src/store/index.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('players', 256);
const SIM = arg('sim', 64);
const rnd = seededRandom(2026);

// ---- pairing alone ----
let t: Tournament = {
  schema: 1, id: 'bench00000', chatId: 1, lang: 'en', creator: { id: 1, name: 'c' },
  settings: { variant: 'short', format: 'swiss', length: 1, cube: false, rated: true, moveSeconds: 3600, roundSeconds: 86_400, maxPlayers: N, startAt: null, grow: false, rounds: null },
  status: 'running', players: Array.from({ length: N }, (_, i) => ({ id: i + 1, name: `p${i}`, lang: 'en' as const, rating: 1200 + Math.floor(rnd() * 800), joinedAt: i })),
  rounds: [], totalRounds: roundsFor('swiss', N), messages: { announce: null, pairings: {} }, createdAt: 0, updatedAt: 0,
};
const times: number[] = [];
for (let r = 0; r < t.totalRounds; r++) {
  const t0 = performance.now();
  const draw = nextDraw(t);
  times.push(performance.now() - t0);
  const pairings = draw.map((d) => ({ ...d, result: d.b === null ? { winner: d.a, a: 0, b: 0, how: 'bye' as const } : { winner: rnd() < 0.5 ? d.a : d.b, a: 1, b: 0, how: 'played' as const } }));
  t = { ...t, rounds: [...t.rounds, { no: r + 1, length: 1, startedAt: 0, deadline: 0, pairings }] };
}
console.log(`pairing ${N} players, ${t.totalRounds} Swiss rounds: per round ms ${times.map((x) => x.toFixed(0)).join(' ')}; worst ${Math.max(...times).toFixed(0)} ms`);

// ---- a Swiss through the use cases ----
let now = 1_800_000_000_000;
const app = createApp(new MemoryStore({ challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 86_400 }, () => now), { defaultLanguage: 'en', now: () => now, warn: () => undefined });
const t0 = performance.now();
const made = await app.tournaments.create(-1, 'en', { id: 1, name: 'p1' }, { ...t.settings, maxPlayers: SIM });
const id = (made as { tournament: Tournament }).tournament.id;
for (let i = 0; i < SIM; i++) await app.tournaments.join(id, { id: i + 1, name: `p${i + 1}`, lang: 'en' });
await app.tournaments.start(id, 1, false);
let matches = 0;
for (;;) {
  const cur = (await app.tournaments.get(id))!;
  if (cur.status !== 'running') break;
  for (const p of cur.rounds.at(-1)!.pairings) {
    if (p.b === null || p.result) continue;
    const [w, l] = rnd() < 0.5 ? [p.a, p.b] : [p.b, p.a];
    const o = (await app.games.act(p.game!, l, { kind: 'resign', level: 1 })) as { game: GameRecord };
    await app.games.act(p.game!, w, { kind: 'press', v: o.game.v, press: { type: 'accept' } });
    matches++;
  }
  now += 60_000;
}
const end = (await app.tournaments.get(id))!;
const ms = performance.now() - t0;
const top = standings(end).slice(0, 3).map((s) => `${s.name} ${s.points} (Bh ${s.buchholz})`);
console.log(`a ${SIM}-player Swiss through the use cases: ${end.rounds.length} rounds, ${matches} matches, status ${end.status}, ${ms.toFixed(0)} ms; top: ${top.join(', ')}`);
process.exit(end.status === 'finished' ? 0 : 1);
