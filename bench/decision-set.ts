/**
 * A decision set as bench:decisions keeps it (train/decisions-*.txt, and <data>.gnubg<D> for
 * gnubg's own depths): per decision a line "D <mover's slots> <opponent's slots> <die> <die>
 * [match context]", then each legal play's resulting position id with gnubg's verdict, then "#".
 * Read by bench/decisions.ts and scripts/fixtures/review-choices.ts.
 */
import { readFileSync } from 'node:fs';
import { equityOf } from '../src/ai/outcomes.js';
import type { MatchScore } from '../src/ai/met.js';
import type { CubeState, Dice } from '../src/engine/index.js';

export interface Decision {
  /** The decision's line as the set holds it (after "D "). */
  readonly line: string;
  readonly me: number[];
  readonly opp: number[];
  readonly dice: Dice;
  /** gnubg's equity for the mover of each play's resulting position, by position id: cubeless money, or cubeful at the match score (EMG). */
  readonly plays: Map<string, number>;
  readonly best: number;
  /** With --match: the mover's score, the cube and its owner (null centred). */
  readonly match?: { readonly score: MatchScore; readonly cube: CubeState };
  /** With --match: the id after gnubg expert's own play (0-ply, cubeful), the yardstick. */
  readonly reference?: string;
}

/** The decisions of a set file, in order; a decision whose plays all end the game has nothing to score and is left out. */
export function readDecisionSet(file: string): Decision[] {
  const out: Decision[] = [];
  let cur: { line: string; me: number[]; opp: number[]; dice: Dice; plays: Map<string, number>; match?: Decision['match']; reference?: string } | null = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('D ')) {
      const [, me, opp, a, b, ...context] = line.split(' ');
      cur = { line: line.slice(2), me: me!.split(',').map(Number), opp: opp!.split(',').map(Number), dice: [Number(a), Number(b)] as unknown as Dice, plays: new Map() };
      if (context.length === 6) {
        // The match context of scripts/gnubg/decisions.ts --match; the mover is White.
        const [awayMe, awayOpp, crawford, post, cube, owner] = context.map(Number) as [number, number, number, number, number, number];
        cur.match = { score: { awayMe, awayOpp, crawford: crawford === 1, postCrawford: post === 1 }, cube: { value: cube, owner: owner === 0 ? null : owner === 1 ? 'white' : 'black' } };
      }
    } else if (line === '#') {
      if (!cur) throw new Error(`${file}: "#" without a decision`);
      const best = Math.max(...cur.plays.values());
      // A decision whose plays all end the game has nothing to score.
      if (cur.plays.size > 1) out.push({ ...cur, best });
      cur = null;
    } else if (line.startsWith('R ')) {
      if (!cur) throw new Error(`${file}: a reference outside a decision`);
      cur.reference = line.slice(2);
    } else if (line) {
      if (!cur) throw new Error(`${file}: a play outside a decision`);
      const [id, ...p] = line.split(' ');
      // A match decision's plays carry the mover's cubeful equity; otherwise probabilities for the
      // side then to roll (the opponent): the mover's equity is minus theirs.
      cur.plays.set(id!, p.length === 1 ? Number(p[0]) : -equityOf('short', p.map(Number)));
    }
  }
  return out;
}
