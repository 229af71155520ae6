/**
 * Puzzle ratings with Glicko-2 (Glickman, "Example of the Glicko-2 system"), through the `glicko2`
 * package (MIT). As on lichess, each attempt is a rating period of one game between the solver
 * and the problem: solved, the solver wins; missed, the problem wins. Both ratings move.
 */
import glicko2 from 'glicko2';

export interface Rating {
  readonly rating: number;
  /** Rating deviation: how unsure the rating is (350 for a newcomer). */
  readonly rd: number;
  readonly vol: number;
}

export const TAU = 0.5;
export const NEW_RATING: Rating = { rating: 1500, rd: 350, vol: 0.06 };
/** A rating never becomes surer than this (it keeps moving with new attempts). */
export const MIN_RD = 45;
export const MAX_RD = 350;

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** One rating period for `player` against these opponents (score 1 win, 0.5 draw, 0 loss). */
export function ratePeriod(player: Rating, games: ReadonlyArray<{ readonly opponent: Rating; readonly score: number }>): Rating {
  const g = new glicko2.Glicko2({ tau: TAU, rating: NEW_RATING.rating, rd: NEW_RATING.rd, vol: NEW_RATING.vol });
  const me = g.makePlayer(player.rating, player.rd, player.vol);
  g.updateRatings(games.map((x) => [me, g.makePlayer(x.opponent.rating, x.opponent.rd, x.opponent.vol), x.score] as const));
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** An attempt: the solver's and the problem's new ratings (RD kept within [MIN_RD, MAX_RD]). */
export function rateAttempt(solver: Rating, problem: Rating, solved: boolean): { readonly solver: Rating; readonly problem: Rating } {
  const keep = (r: Rating): Rating => ({ rating: round(r.rating, 1), rd: round(Math.min(MAX_RD, Math.max(MIN_RD, r.rd)), 1), vol: round(r.vol, 6) });
  return {
    solver: keep(ratePeriod(solver, [{ opponent: problem, score: solved ? 1 : 0 }])),
    problem: keep(ratePeriod(problem, [{ opponent: solver, score: solved ? 0 : 1 }])),
  };
}
