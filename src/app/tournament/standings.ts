/**
 * Standings, computed from the stored results alone: points (a match won or a bye: 1), then
 * Buchholz (the sum of the opponents' points), Sonneborn–Berger (the sum of the points of the
 * opponents beaten), then the match points difference; the rating at the start breaks what is left.
 */
import type { Entrant, Tournament } from './model.js';

export interface Standing {
  readonly id: number;
  readonly name: string;
  readonly rating: number;
  readonly points: number;
  readonly buchholz: number;
  readonly sb: number;
  readonly diff: number;
  readonly played: number;
  readonly wins: number;
  readonly byes: number;
  readonly out: Entrant['out'] | null;
  /** 1 for the first; players level on everything share nothing: the order is total. */
  readonly rank: number;
}

/** Who met whom in results so far (a bye is no meeting). */
export function metPairs(t: Tournament): Set<string> {
  const met = new Set<string>();
  for (const r of t.rounds) for (const p of r.pairings) if (p.b !== null) met.add(pairKey(p.a, p.b));
  return met;
}

export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function standings(t: Tournament): Standing[] {
  const points = new Map<number, number>();
  const rows = new Map<number, { played: number; wins: number; byes: number; diff: number; opps: number[]; beaten: number[] }>();
  for (const p of t.players) {
    points.set(p.id, 0);
    rows.set(p.id, { played: 0, wins: 0, byes: 0, diff: 0, opps: [], beaten: [] });
  }
  for (const round of t.rounds) {
    for (const p of round.pairings) {
      const r = p.result;
      if (!r) continue;
      const a = rows.get(p.a)!;
      if (p.b === null) {
        a.byes++;
        a.wins++;
        points.set(p.a, points.get(p.a)! + 1);
        continue;
      }
      const b = rows.get(p.b)!;
      a.played++;
      b.played++;
      a.opps.push(p.b);
      b.opps.push(p.a);
      a.diff += r.a - r.b;
      b.diff += r.b - r.a;
      if (r.winner === p.a) {
        a.wins++;
        a.beaten.push(p.b);
        points.set(p.a, points.get(p.a)! + 1);
      } else if (r.winner === p.b) {
        b.wins++;
        b.beaten.push(p.a);
        points.set(p.b, points.get(p.b)! + 1);
      }
    }
  }
  const sum = (ids: number[]): number => ids.reduce((s, id) => s + (points.get(id) ?? 0), 0);
  const out = t.players.map((p) => {
    const r = rows.get(p.id)!;
    return { id: p.id, name: p.name, rating: p.rating, points: points.get(p.id)!, buchholz: sum(r.opps), sb: sum(r.beaten), diff: r.diff, played: r.played, wins: r.wins, byes: r.byes, out: p.out ?? null, rank: 0 };
  });
  out.sort((x, y) => y.points - x.points || y.buchholz - x.buchholz || y.sb - x.sb || y.diff - x.diff || y.rating - x.rating || x.id - y.id);
  return out.map((s, i) => ({ ...s, rank: i + 1 }));
}
