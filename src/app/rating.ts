/**
 * Ratings by the FIBS formula (the First Internet Backgammon Server's, "help formula"), chosen
 * because it is the backgammon tradition and it weighs the match length: a longer match is less
 * a matter of luck, so it moves the ratings more and a favourite is more likely to win it.
 *
 *   D = |r1 − r2|;  P_upset = 1 / (10^(D·√n / 2000) + 1)   (the underdog's chance, n = match length)
 *   P = P_upset when the favourite wins, 1 − P_upset when the underdog wins
 *   K = max(1, 5 − experience / 100)   (each player's own experience: matches' lengths summed)
 *   change = ± 4 · K · √n · P          (the winner gains it, the loser loses it)
 *
 * Everyone starts at 1500 with experience 0. Two experienced players of equal rating who play a
 * 1-point match move by exactly 2.
 */
export const START_RATING = 1500;

export interface Rated {
  readonly rating: number;
  readonly experience: number;
}

/** The chance that the lower rated player wins an n-point match. */
export function upsetChance(a: number, b: number, n: number): number {
  return 1 / (10 ** ((Math.abs(a - b) * Math.sqrt(n)) / 2000) + 1);
}

/** A player's factor from experience: 5 for a newcomer, down to 1 from 400 on. */
export function experienceFactor(experience: number): number {
  return Math.max(1, 5 - experience / 100);
}

/** The rating changes (winner's gain, loser's loss) of an n-point match. */
export function ratingChange(winner: Rated, loser: Rated, n: number): { readonly winner: number; readonly loser: number } {
  const upset = upsetChance(winner.rating, loser.rating, n);
  const favouriteWon = winner.rating >= loser.rating;
  const p = favouriteWon ? upset : 1 - upset;
  const base = 4 * Math.sqrt(n) * p;
  return { winner: base * experienceFactor(winner.experience), loser: -base * experienceFactor(loser.experience) };
}
