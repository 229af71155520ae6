/**
 * The dice of a match: its hash chain (committed before the client seed), each game's seed, the
 * roll the server makes, and the check of a finished game's rolls against what was published.
 */
import { randomBytes } from 'node:crypto';
import { CHAIN_LENGTH, chainCommit, chainKey, chainSeed, fairRoll, newSeed, seedHash, verifyChainRolls, verifyRolls } from '../../engine/dice.js';
import { nextGame, type MatchState } from '../../engine/match.js';
import type { Dice, Die } from '../../engine/types.js';
import type { FairRecord, GameRecord, MatchDice } from '../model.js';

export function newId(): string {
  // 10 characters of base36 from 8 random bytes.
  return BigInt('0x' + randomBytes(8).toString('hex')).toString(36).padStart(10, '0').slice(-10);
}

/** A fresh chain for a match whose starter committed none (tests, the command line). */
export function freshDice(client = ''): MatchDice {
  const master = randomBytes(32).toString('hex');
  return { master, commit: chainCommit(master), client, base: 1 };
}

/**
 * The dice of game `gameNo` of a match: x_k of the match's chain (k = gameNo - base + 1). A match
 * of the first version (no chain) keeps a seed per game; a match that outlives its chain (only
 * possible with many draws) goes on with a new chain, its commitment shown with that game.
 */
export function fairFor(dice: MatchDice, id: string, gameNo: number): { fair: FairRecord; dice: MatchDice } {
  if (!dice.master) {
    const seed = newSeed();
    return { fair: { scheme: 1, key: `${id}:${gameNo}`, seed, hash: seedHash(seed), rolls: '' }, dice };
  }
  let d = dice;
  if (gameNo - d.base + 1 > CHAIN_LENGTH) d = { ...freshDice(d.client), base: gameNo };
  const k = gameNo - d.base + 1;
  return { fair: { scheme: 2, key: chainKey(d.client, id, k), seed: chainSeed(d.master, k), hash: d.commit, index: k, client: d.client, rolls: '' }, dice: d };
}

/** The next game of a match whose current game is over: its dice drawn, the last game's archived. */
export function nextGameOf(rec: GameRecord): Pick<GameRecord, 'match' | 'fair' | 'archive' | 'dice'> {
  const match = nextGame(rec.match);
  const { fair, dice } = fairFor(rec.dice, rec.id, match.gameNo);
  return { match, fair, dice, archive: [...rec.archive, rec.fair] };
}

/** The next roll of the current game: from the game's committed seed and its roll count (SPEC §4). */
export function rollOf(rec: GameRecord, match: MatchState): Dice {
  return fairRoll(rec.fair.seed, rec.fair.key, match.game.rolls);
}

/** Check a game's revealed seeds against their published hashes and recompute every roll. */
export interface GameCheck {
  readonly scheme: 1 | 2;
  readonly key: string;
  /** scheme 1: SHA-256 of the seed; scheme 2: the match's chain commitment. */
  readonly hash: string;
  /** null while the game is being played. */
  readonly seed: string | null;
  /** scheme 2: the game's place k in the chain, and the client seed. */
  readonly index: number | null;
  readonly client: string | null;
  readonly ok: boolean | null;
  readonly rolls: number;
  /** The rolls as digits, two per roll (empty while the game is being played). */
  readonly digits: string;
}

export function verifyGame(rec: GameRecord): GameCheck[] {
  const games = [...rec.archive, ...(rec.match.game.phase === 'over' ? [rec.fair] : [])];
  const out: GameCheck[] = games.map((f) => {
    const rolls: Dice[] = [];
    for (let i = 0; i + 1 < f.rolls.length; i += 2) rolls.push([Number(f.rolls[i]) as Die, Number(f.rolls[i + 1]) as Die]);
    const ok = f.scheme === 2 ? verifyChainRolls(f.seed, f.index ?? 0, f.hash, f.key, rolls).ok : verifyRolls(f.seed, f.hash, f.key, rolls).ok;
    return { scheme: f.scheme, key: f.key, hash: f.hash, seed: f.seed, index: f.index ?? null, client: f.client ?? null, ok, rolls: rolls.length, digits: f.rolls };
  });
  if (rec.match.game.phase !== 'over') {
    const f = rec.fair;
    out.push({ scheme: f.scheme, key: f.key, hash: f.hash, seed: null, index: f.index ?? null, client: f.client ?? null, ok: null, rolls: rec.match.game.rolls, digits: '' });
  }
  return out;
}
