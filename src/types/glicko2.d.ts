declare module 'glicko2' {
  /** Glicko-2 (Glickman), as the `glicko2` package implements it: players rated over rating periods. */
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number; volatility_algorithm?: 'oldprocedure' | 'newprocedure' | 'newprocedure_mod' | 'oldprocedure_simple' });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** One rating period: each match is [player, opponent, the player's score: 1, 0.5 or 0]. */
    updateRatings(matches: ReadonlyArray<readonly [Glicko2Player, Glicko2Player, number]>): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
