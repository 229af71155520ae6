/**
 * Dice sources. Production dice are provably fair (SPEC §4): a secret 32-byte seed per game, its
 * SHA-256 published at the start, roll n = HMAC-SHA256(seed, `${gameId}:${n}`) read as bytes and
 * mapped to dice by rejection sampling (bytes >= 252 are skipped, so each face has 42 of 252
 * values: no modulo bias). The seed is revealed when the game ends; verifyRolls recomputes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Dice, Die } from './types.js';

export interface DiceSource {
  /** Roll number n (0-based) of the game. Must be a pure function of (game, n). */
  roll(n: number): Dice;
}

export function diceFromBytes(bytes: Uint8Array): Dice | null {
  const out: number[] = [];
  for (const b of bytes) {
    if (b >= 252) continue;
    out.push((b % 6) + 1);
    if (out.length === 2) return [out[0] as Die, out[1] as Die];
  }
  return null;
}

export function fairRoll(seedHex: string, gameId: string, n: number): Dice {
  const seed = Buffer.from(seedHex, 'hex');
  // 32 bytes with two faces needed: the chance that all are rejected is (4/256)^31; still, loop.
  for (let round = 0; ; round++) {
    const msg = round === 0 ? `${gameId}:${n}` : `${gameId}:${n}:${round}`;
    const dice = diceFromBytes(createHmac('sha256', seed).update(msg).digest());
    if (dice) return dice;
  }
}

export function seedHash(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Dice that the operator cannot choose either (SPEC §4, README "Fair dice"). A match's server
 * seeds form a hash chain committed before the player's seed is known: from a secret master m,
 * x_64 = m and x_(i-1) = SHA-256(x_i) (over the 32 raw bytes); the commitment is x_0 and game k
 * of the match uses x_k, revealed when that game ends (SHA-256 applied k times gives x_0; later
 * seeds cannot be derived from earlier ones). Roll n of game k is
 * HMAC-SHA256(x_k, `${clientSeed}:${gameId}:${k}:${n}`), read as above.
 */
export const CHAIN_LENGTH = 64;

function sha256Hex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** x_k of the chain of `master` (x_64 = master). */
export function chainSeed(masterHex: string, k: number): string {
  if (!Number.isInteger(k) || k < 0 || k > CHAIN_LENGTH) throw new RangeError(`chain index must be 0..${CHAIN_LENGTH}`);
  let x = masterHex;
  for (let i = CHAIN_LENGTH; i > k; i--) x = sha256Hex(x);
  return x;
}

/** The commitment x_0 of a chain. */
export function chainCommit(masterHex: string): string {
  return chainSeed(masterHex, 0);
}

/** Whether `seed` is x_k of the chain committed as `commit`. */
export function chainMatches(seedHex: string, k: number, commit: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(seedHex) || !Number.isInteger(k) || k < 1 || k > CHAIN_LENGTH) return false;
  let x = seedHex.toLowerCase();
  for (let i = 0; i < k; i++) x = sha256Hex(x);
  return x === commit.toLowerCase();
}

/** The HMAC message prefix of game k of a match: rolls are HMAC(x_k, `${key}:${n}`). */
export function chainKey(clientSeed: string, gameId: string, k: number): string {
  return `${clientSeed}:${gameId}:${k}`;
}

/** Check game k of a chained match: x_k belongs to the commitment and yields every roll. */
export function verifyChainRolls(seedHex: string, k: number, commit: string, key: string, rolls: readonly Dice[]): Verification {
  return verification(chainMatches(seedHex, k, commit), seedHex, key, rolls);
}

/** The first roll the seed does not give (-1: none), once the seed is known to be the committed one. */
function verification(hashMatches: boolean, seedHex: string, key: string, rolls: readonly Dice[]): Verification {
  let firstMismatch = -1;
  if (hashMatches) {
    firstMismatch = rolls.findIndex((roll, n) => {
      const d = fairRoll(seedHex, key, n);
      return d[0] !== roll[0] || d[1] !== roll[1];
    });
  }
  return { ok: hashMatches && firstMismatch === -1, hashMatches, firstMismatch };
}

export class FairDice implements DiceSource {
  constructor(
    readonly seedHex: string,
    readonly gameId: string,
  ) {}

  get hash(): string {
    return seedHash(this.seedHex);
  }

  roll(n: number): Dice {
    return fairRoll(this.seedHex, this.gameId, n);
  }
}

export interface Verification {
  readonly ok: boolean;
  readonly hashMatches: boolean;
  /** Index of the first roll that does not match, or -1. */
  readonly firstMismatch: number;
}

/** Check a finished game: the revealed seed hashes to the published hash and yields every roll. */
export function verifyRolls(seedHex: string, publishedHash: string, gameId: string, rolls: readonly Dice[]): Verification {
  return verification(/^[0-9a-f]{64}$/i.test(seedHex) && seedHash(seedHex) === publishedHash.toLowerCase(), seedHex, gameId, rolls);
}

/** Deterministic dice for tests and simulations (xorshift128+, seeded; not for real games). */
export class SeededDice implements DiceSource {
  constructor(readonly seed: number) {}

  roll(n: number): Dice {
    let x = (this.seed ^ Math.imul(n + 1, 0x9e3779b1)) | 0;
    const next = (): number => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x >>> 0;
    };
    for (let i = 0; i < 4; i++) next();
    const faces: number[] = [];
    while (faces.length < 2) {
      const v = next() & 0xff;
      if (v < 252) faces.push((v % 6) + 1);
    }
    return [faces[0] as Die, faces[1] as Die];
  }
}

/** A scripted source: returns the given rolls in order (tests). */
export class ScriptedDice implements DiceSource {
  constructor(private readonly rolls: readonly Dice[]) {}

  roll(n: number): Dice {
    const d = this.rolls[n];
    if (!d) throw new Error(`scripted dice ran out at roll ${n}`);
    return d;
  }
}
