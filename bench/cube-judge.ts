/**
 * gnubg's verdict on a cube decision and the error of an action, from gnubg's cubeful equities
 * of the doubler (scripts/gnubg/cube-decisions.py): shared by bench:cube and bench/cube-replay.ts.
 */
import type { CubeSituation } from '../src/ai/cube.js';
import { matchWinChance } from '../src/ai/met.js';

export type CubeAction = 'no-double' | 'double' | 'take' | 'pass';

/** gnubg's equities of the doubler for one decision. */
export interface GnubgEquities {
  /** No double and double/take: match winning chances ("mwc") or money equity ("emg"). */
  readonly nd: number;
  readonly dt: number;
  readonly scale: 'mwc' | 'emg';
}

/**
 * gnubg's verdict and the error of `action` (EMG, as gnubg's statistics count it). In a match
 * gnubg gives match winning chances: double/pass is the table's chance after winning the cube,
 * and a difference becomes EMG over the spread between winning and losing the cube.
 */
export function judgeCube(d: GnubgEquities, s: Pick<CubeSituation, 'match' | 'cube'>, action: CubeAction): { verdict: string; error: number } {
  const dp = d.scale === 'mwc' && s.match ? matchWinChance(s.match, s.cube) : 1;
  const emg = d.scale === 'mwc' && s.match ? 2 / Math.max(1e-9, dp - matchWinChance(s.match, -s.cube)) : 1;
  const doubled = Math.min(d.dt, dp);
  const verdict = d.nd >= doubled ? (d.dt > dp ? 'too good' : 'no double') : d.dt > dp ? 'double, pass' : 'double, take';
  let e: number;
  if (action === 'take') e = Math.max(0, d.dt - dp);
  else if (action === 'pass') e = Math.max(0, dp - d.dt);
  else e = Math.max(d.nd, doubled) - (action === 'double' ? doubled : d.nd);
  return { verdict, error: e * emg };
}

/**
 * A double on a side's first two turns of a match (game 1, so 0:0) that gnubg's verdict says was
 * not one (no double, or too good): the "early doubles where gnubg says no double".
 */
export function earlyWrongDouble(action: CubeAction, game: number, turn: number, verdict: string): boolean {
  return action === 'double' && game === 1 && turn <= 2 && (verdict === 'no double' || verdict === 'too good');
}
