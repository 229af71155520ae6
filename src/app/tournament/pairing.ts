/**
 * Pairing the rounds of the three formats. Pure functions of the stored tournament.
 *
 * - Swiss: the first round by rating (the top half against the bottom half); later rounds by a
 *   maximum-weight perfect matching (Edmonds' blossom, `edmonds-blossom-fixed`, MIT) whose weights
 *   forbid a second meeting while any other pairing exists and otherwise keep players within their
 *   score group. With an odd number, the lowest-placed player who has not had a bye gets one.
 * - Knockout: a seeded bracket (1 against the last seed, seeds kept apart until late rounds),
 *   byes to the top seeds; each later round pairs the winners of neighbouring matches.
 * - Round robin: every pair once, by the circle method.
 */
import blossom from 'edmonds-blossom-fixed';
import type { Entrant, Pairing, Tournament } from './model.js';
import { metPairs, pairKey, standings } from './standings.js';

/** A round's pairings before they are played: a against b (b null: a bye). */
export type Draw = ReadonlyArray<{ readonly a: number; readonly b: number | null; readonly slot?: number }>;

const active = (t: Tournament): Entrant[] => t.players.filter((p) => !p.out);

/** How many rounds a format takes for n players (a Swiss's own setting when given). */
export function roundsFor(format: Tournament['settings']['format'], n: number, asked: number | null = null): number {
  if (n < 2) return 0;
  if (format === 'roundrobin') return n % 2 === 0 ? n - 1 : n;
  if (format === 'knockout') return Math.ceil(Math.log2(n));
  const auto = Math.ceil(Math.log2(n)) + 1;
  return Math.max(1, Math.min(n - 1, asked ?? auto));
}

// ---- Swiss ------------------------------------------------------------------------------------

const BASE = 100_000_000;
const REPEAT = 10_000_000;
const SCORE = 1_000;

/** Pair `ids` (an even number) by maximum-weight perfect matching. */
function match(ids: readonly number[], weight: (a: number, b: number) => number): Array<[number, number]> {
  if (ids.length === 0) return [];
  const edges: Array<[number, number, number]> = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) edges.push([i, j, weight(ids[i]!, ids[j]!)]);
  const mate = blossom(edges, true) as number[];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < ids.length; i++) {
    const j = mate[i]!;
    if (j > i) pairs.push([ids[i]!, ids[j]!]);
  }
  if (pairs.length * 2 !== ids.length) throw new Error('no perfect matching (cannot happen on a complete graph)');
  return pairs;
}

export function swissRound(t: Tournament): Draw {
  const players = active(t);
  const byes = new Set(t.rounds.flatMap((r) => r.pairings.filter((p) => p.b === null).map((p) => p.a)));
  if (t.rounds.length === 0) {
    const order = [...players].sort((x, y) => y.rating - x.rating || x.id - y.id).map((p) => p.id);
    const draw: Array<{ a: number; b: number | null }> = [];
    if (order.length % 2 === 1) draw.push({ a: order.pop()!, b: null });
    const half = order.length / 2;
    for (let i = 0; i < half; i++) draw.unshift({ a: order[i]!, b: order[i + half]! });
    return draw.sort((x, y) => (x.b === null ? 1 : 0) - (y.b === null ? 1 : 0));
  }
  const table = standings(t).filter((s) => !s.out);
  const points = new Map(table.map((s) => [s.id, s.points]));
  const order = table.map((s) => s.id);
  let bye: number | null = null;
  if (order.length % 2 === 1) {
    // The lowest-placed player without a bye (everyone had one: the lowest-placed).
    bye = [...order].reverse().find((id) => !byes.has(id)) ?? order[order.length - 1]!;
  }
  const rest = order.filter((id) => id !== bye);
  const met = metPairs(t);
  const place = new Map(order.map((id, i) => [id, i]));
  const pairs = match(rest, (a, b) => {
    const d = points.get(a)! - points.get(b)!;
    // Within a score group, prefer a player from the other half of the table (a mild pull).
    const spread = Math.abs(place.get(a)! - place.get(b)!);
    return BASE - (met.has(pairKey(a, b)) ? REPEAT : 0) - SCORE * d * d + Math.min(spread, 99);
  });
  pairs.sort((x, y) => Math.min(place.get(x[0])!, place.get(x[1])!) - Math.min(place.get(y[0])!, place.get(y[1])!));
  const draw: Array<{ a: number; b: number | null }> = pairs.map(([a, b]) => (place.get(a)! <= place.get(b)! ? { a, b } : { a: b, b: a }));
  if (bye !== null) draw.push({ a: bye, b: null });
  return draw;
}

// ---- knockout ---------------------------------------------------------------------------------

/** Seed numbers (1-based) in bracket order for a bracket of `size` (a power of two). */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** The players by seed (rating, then who joined first). */
export function seeds(t: Tournament): Entrant[] {
  return [...t.players].sort((x, y) => y.rating - x.rating || x.joinedAt - y.joinedAt || x.id - y.id);
}

/** Who goes on from a pairing (null: nobody yet, or both lost). */
export function advancer(p: Pairing): number | null {
  if (p.b === null) return p.a;
  return p.result ? p.result.winner : null;
}

export function knockoutRound(t: Tournament): Draw {
  if (t.rounds.length === 0) {
    const s = seeds(t);
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, s.length)));
    const slots = seedOrder(size).map((seed) => s[seed - 1]?.id ?? null);
    const draw: Array<{ a: number; b: number | null; slot: number }> = [];
    for (let i = 0; i < size; i += 2) {
      const [x, y] = [slots[i]!, slots[i + 1]!];
      if (x === null && y === null) continue;
      draw.push(x === null ? { a: y!, b: null, slot: i / 2 } : { a: x, b: y, slot: i / 2 });
    }
    return draw;
  }
  // Slot j of the next round is fed by slots 2j and 2j+1 of the last (an empty slot feeds nobody).
  const last = t.rounds[t.rounds.length - 1]!;
  const bySlot = new Map(last.pairings.map((p) => [p.slot ?? -1, p]));
  const width = Math.max(...last.pairings.map((p) => p.slot ?? 0)) + 1;
  const draw: Array<{ a: number; b: number | null; slot: number }> = [];
  for (let j = 0; j * 2 < width; j++) {
    const fed = (k: number): number | null => {
      const p = bySlot.get(k);
      const id = p ? advancer(p) : null;
      return id !== null && t.players.find((e) => e.id === id)?.out ? null : id;
    };
    const [x, y] = [fed(2 * j), fed(2 * j + 1)];
    if (x === null && y === null) continue;
    draw.push(x === null ? { a: y!, b: null, slot: j } : { a: x, b: y, slot: j });
  }
  return draw;
}

// ---- round robin ------------------------------------------------------------------------------

/** Round `r` (0-based) of the circle method over `ids` (null: the bye seat of an odd number). */
export function circleRound(ids: ReadonlyArray<number | null>, r: number): Array<[number | null, number | null]> {
  const n = ids.length;
  const rest = ids.slice(1);
  const turned = rest.map((_, i) => rest[(i + r) % rest.length]!);
  const line = [ids[0]!, ...turned];
  const out: Array<[number | null, number | null]> = [];
  for (let i = 0; i < n / 2; i++) out.push([line[i]!, line[n - 1 - i]!]);
  return out;
}

export function roundRobinRound(t: Tournament): Draw {
  const order = seeds(t).map((p) => p.id as number | null);
  if (order.length % 2 === 1) order.push(null);
  const draw: Array<{ a: number; b: number | null }> = [];
  for (const [x, y] of circleRound(order, t.rounds.length)) {
    if (x === null && y === null) continue;
    draw.push(x === null ? { a: y!, b: null } : y === null ? { a: x, b: null } : { a: x, b: y });
  }
  return draw;
}

/** The next round's draw in the tournament's format. */
export function nextDraw(t: Tournament): Draw {
  switch (t.settings.format) {
    case 'swiss': return swissRound(t);
    case 'knockout': return knockoutRound(t);
    case 'roundrobin': return roundRobinRound(t);
  }
}
