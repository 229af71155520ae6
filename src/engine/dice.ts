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
  const hashMatches = /^[0-9a-f]{64}$/i.test(seedHex) && seedHash(seedHex) === publishedHash.toLowerCase();
  let firstMismatch = -1;
  if (hashMatches) {
    for (let n = 0; n < rolls.length; n++) {
      const d = fairRoll(seedHex, gameId, n);
      if (d[0] !== rolls[n]![0] || d[1] !== rolls[n]![1]) {
        firstMismatch = n;
        break;
      }
    }
  }
  return { ok: hashMatches && firstMismatch === -1, hashMatches, firstMismatch };
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
