/**
 * Making a play problem of a position and a roll: the rules the bank's problems meet, shared by
 * the bank's script (scripts/puzzles/make.ts, positions from self-play) and by the reviews of
 * games whose players agreed to give their positions (a mistake made in a game is the tempting
 * answer: a real player was tempted).
 *
 *   - a one-roll-ahead search (hard's first layer) finds the best play at least MIN_GAP (0.04 of a
 *     point) ahead of the second, among at least three plays;
 *   - a wrong play tempts: at a glance (the network alone) it looks at least as good as the best,
 *     less TEMPT_SLACK; or it is the play a player made;
 *   - a deeper search (wider, and two rolls ahead on the best six) agrees on the best play with a
 *     gap of at least DEEP_GAP, every answer shown looked at as deep as the best.
 */
import type { Analysis } from '../ai/analysis.js';
import { LEVELS, loadBrains, Player, withNoise, type Brains } from '../ai/player.js';
import type { Candidate } from '../ai/search.js';
import { formatPlay } from '../engine/notation.js';
import { positionId } from '../engine/position.js';
import { defaultRules } from '../engine/rules.js';
import type { Dice, Die, Position, Side, Step } from '../engine/types.js';
import { seededRandom } from '../sim/rng.js';
import type { Problem } from './bank.js';
import { sidesAfter, themesOf } from './facts.js';

export const MIN_GAP = 0.04;
export const DEEP_GAP = 0.035;
export const TEMPT_SLACK = 0.03;

/** A problem before it has an id. */
export type ProblemDraft = Omit<Problem, 'id'>;

const keyOf = (me: ArrayLike<number>, opp: ArrayLike<number>): string => `${Array.from(me).join(',')}|${Array.from(opp).join(',')}`;
const round4 = (x: number): number => Math.round(x * 10000) / 10000;

export class ProblemMaker {
  private readonly glance: Player;
  private readonly finder: Player;
  private readonly deep: Player;

  constructor(brains: Brains) {
    this.glance = new Player('medium', brains, seededRandom(1), withNoise(LEVELS.medium, 0));
    // One roll ahead on the best few (hard's first layer, without its second look).
    this.finder = new Player('hard', brains, seededRandom(2), { ...LEVELS.hard, search: { noise: 0, plies: 1, candidates: 5, within: 0.16, zeroWeight: 0.35, budgetMs: 120 } });
    // Wider, and two rolls ahead on the best six.
    this.deep = new Player('hard', brains, seededRandom(3), {
      ...LEVELS.hard,
      search: { noise: 0, plies: 1, candidates: 10, within: 0.24, zeroWeight: 0.35, budgetMs: 700, deepCandidates: 6, deepWithin: 0.24, deepBudgetMs: 1400 },
    });
  }

  /**
   * A problem of the position and roll, or null where it is not one. `played`: the play a player
   * made here (the tempting answer then, if it was not the best); else the play that looks best at
   * a glance tempts. `looked` is called when the position had a real choice (for the script's count).
   */
  make(p: Position, dice: Dice, played?: readonly Step[], looked?: () => void): ProblemDraft | null {
    const rules = defaultRules(p.variant);
    const ranked = this.finder.rank(p, dice, rules);
    if (ranked.length < 3) return null;
    looked?.();
    const [best, second] = ranked as [Candidate, Candidate];
    if (best.equity - second.equity < MIN_GAP) return null;
    const bestKey = keyOf(best.me, best.opp);
    let lure: { me: ArrayLike<number>; opp: ArrayLike<number> } | undefined;
    let lead = 0;
    if (played) {
      const after = sidesAfter(p, played);
      if (keyOf(after.me, after.opp) === bestKey) return null;
      lure = after;
    } else {
      // What looks best at a glance, among the wrong plays.
      const glanced = this.glance.rank(p, dice, rules);
      const glanceOf = new Map(glanced.map((c) => [keyOf(c.me, c.opp), c.equity]));
      const found = glanced.find((c) => keyOf(c.me, c.opp) !== bestKey);
      if (!found) return null;
      lead = found.equity - (glanceOf.get(bestKey) ?? -Infinity);
      if (lead < -TEMPT_SLACK) return null;
      lure = found;
    }
    // The deeper search: the same best, a clear gap, the answers as deep as the best.
    const d = this.deep.rank(p, dice, rules);
    const dBest = d[0]!;
    if (keyOf(dBest.me, dBest.opp) !== bestKey) return null;
    const tempting = d.find((c) => keyOf(c.me, c.opp) === keyOf(lure.me, lure.opp));
    if (!tempting || tempting.ply !== dBest.ply) return null;
    const sameDepth = d.filter((c) => c.ply === dBest.ply);
    if (sameDepth.length < 3 || dBest.equity - sameDepth[1]!.equity < DEEP_GAP) return null;
    const others = sameDepth.slice(1).filter((c) => c !== tempting).slice(0, 2);
    const shown = [dBest, ...[tempting, ...others].sort((a, b) => b.equity - a.equity)];
    const gap = dBest.equity - tempting.equity;
    // Harder when the wrong play looks better at a glance and the gap is small.
    const rating = Math.round(Math.min(2300, Math.max(900, 1400 + 3500 * Math.min(0.12, Math.max(-0.03, lead)) + 1500 * Math.max(0, 0.2 - gap))));
    return {
      variant: p.variant,
      kind: 'play',
      position: positionId(p),
      dice: [Math.max(...dice), Math.min(...dice)] as [Die, Die],
      themes: themesOf(p, dBest.moves, tempting.moves),
      answers: shown.map((c) => ({ play: formatPlay(c.moves), equity: round4(c.equity) })),
      tempting: shown.indexOf(tempting),
      rating,
    };
  }
}

/** Problems made of one game's mistakes at most (the largest losses tried first). */
export const PROBLEMS_PER_GAME = 3;

/**
 * The problems of a game's mistakes by `sides`: plays (with a choice) losing at least MIN_GAP,
 * largest first, each made a problem where it meets the bank's rules; at most PROBLEMS_PER_GAME,
 * of twice as many tried. `pause` runs between two (yielding on this thread).
 */
export async function reviewProblems(analysis: Analysis, sides: readonly Side[], pause: () => Promise<void> = async () => undefined): Promise<ProblemDraft[]> {
  const maker = new ProblemMaker(loadBrains());
  const tried = analysis.decisions
    .filter((d) => d.kind === 'play' && sides.includes(d.side) && !d.forced && d.dice && d.playedMoves && d.loss >= MIN_GAP)
    .sort((a, b) => b.loss - a.loss)
    .slice(0, 2 * PROBLEMS_PER_GAME);
  const made: ProblemDraft[] = [];
  for (const d of tried) {
    if (made.length >= PROBLEMS_PER_GAME) break;
    await pause();
    const draft = maker.make(d.position, d.dice!, d.playedMoves!);
    if (draft && !made.some((m) => m.position === draft.position && m.dice?.join() === draft.dice?.join())) made.push({ ...draft, source: 'game' });
  }
  return made;
}
