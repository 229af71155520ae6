/**
 * The game file: a game or match as the bot exports it (`/export`, `nardy analyse`, the README's
 * "game file" section). The engine's record lines of each game ("opening 4-2", "W 65: 24/18 18/13",
 * "B 21: -", "W doubles 2, taken" / "passed"), with the score and Crawford state each game began
 * with. Pure data and its reader; analysing it is the AI's business.
 */
import { defaultRules, parseRules, RulesError, type Rules } from './rules.js';
import type { Side, Variant } from './types.js';

/** A file that is not a game file, or a line of one that cannot be read. */
export class GameFileError extends Error {}

/** A finished (or unfinished) game or match as the bot exports it: `/export`, `nardy analyse`. */
export interface GameExport {
  readonly format: 'nardy-game';
  readonly version: 1;
  readonly id: string;
  readonly variant: Variant;
  readonly rules: Rules;
  /** Points to win the match; 1 = a single game. */
  readonly length: number;
  readonly players: { readonly white: string; readonly black: string };
  readonly games: readonly ExportedGame[];
}

export interface ExportedGame {
  readonly number: number;
  /** The score when the game began. */
  readonly score: { readonly white: number; readonly black: number };
  readonly crawford: boolean;
  /** A game after the Crawford game (the cube is back). */
  readonly postCrawford: boolean;
  readonly record: readonly string[];
  readonly result: { readonly winner: Side | null; readonly points: number; readonly kind: string; readonly reason: string } | null;
}

const STEP = String.raw`(?:bar|\d{1,2})\/(?:off|\d{1,2})\*?(?:\(\d\))?`;
export const PLAY_LINE = new RegExp(String.raw`^([WB]) ([1-6])([1-6]): (-|${STEP}(?: ${STEP})*)$`);
export const OPENING_LINE = /^opening ([1-6])-([1-6])$/;
export const CUBE_LINE = /^([WB]) doubles (\d+), (taken|passed)$/;

/** Check an export read from a file: a clear error for what is not one. */
export function parseExport(raw: unknown): GameExport {
  const o = raw as Partial<GameExport> | null;
  if (!o || typeof o !== 'object' || o.format !== 'nardy-game' || o.version !== 1) throw new GameFileError('not a nardy game export (format "nardy-game", version 1)');
  if (o.variant !== 'long' && o.variant !== 'short') throw new GameFileError('variant must be "long" or "short"');
  if (!Number.isInteger(o.length) || o.length! < 1) throw new GameFileError('length must be a positive integer');
  if (!Array.isArray(o.games) || o.games.length === 0) throw new GameFileError('games must be a non-empty list');
  for (const g of o.games) {
    if (!g || !Array.isArray(g.record) || !g.score) throw new GameFileError('each game needs its record and score');
    for (const line of g.record) {
      if (typeof line !== 'string' || !(PLAY_LINE.test(line) || OPENING_LINE.test(line) || CUBE_LINE.test(line))) throw new GameFileError(`game ${g.number}: cannot read the record line ${JSON.stringify(line)}`);
    }
  }
  let rules: Rules;
  try {
    rules = parseRules(o.rules ?? undefined, defaultRules(o.variant));
  } catch (e) {
    if (e instanceof RulesError) throw new GameFileError(e.message);
    throw e;
  }
  const players = { white: String(o.players?.white ?? 'White'), black: String(o.players?.black ?? 'Black') };
  return { ...(o as GameExport), rules, players };
}

