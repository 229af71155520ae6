/**
 * The problem bank: positions with a roll and a clear best play, made by scripts/puzzles/make.ts
 * from the bot's own self-play and checked at a deeper search than the one that found them.
 * Stored compactly in assets/puzzles/<variant>.json.gz (gzip of one JSON document).
 *
 * A problem's answers are plays in the mover's own numbering, in the step notation of SPEC §2;
 * answers[0] is the best; each carries the mover's cubeless money equity after it (the deeper
 * search's), so the equity each choice loses is answers[0].equity - answer.equity.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parsePlay } from '../engine/notation.js';
import { parsePositionId } from '../engine/position.js';
import type { Die, Position, Step, Variant } from '../engine/types.js';

export const BANK_SCHEMA = 1;

export const THEMES = ['bear-off', 'race', 'head', 'blocking', 'priming', 'hitting', 'back-game', 'middle-game'] as const;
export type Theme = (typeof THEMES)[number];

export interface Answer {
  /** The play in step notation (`24/18 18/13`). */
  readonly play: string;
  /** The mover's cubeless money equity after it. */
  readonly equity: number;
}

export interface Problem {
  /** `s17` (short nardy's 17th), `l4`. */
  readonly id: string;
  readonly variant: Variant;
  /** The position before the play (positionId), the mover on turn. */
  readonly position: string;
  readonly dice: readonly [Die, Die];
  readonly themes: readonly Theme[];
  /** The best first, then the others, best to worst. */
  readonly answers: readonly Answer[];
  /** Which answer looks best at a glance (0-ply) though it is not. */
  readonly tempting: number;
  /** The starting difficulty, on the players' rating scale. */
  readonly rating: number;
}

export interface Bank {
  readonly schema: typeof BANK_SCHEMA;
  readonly variant: Variant;
  /** How it was made (the script's settings), for whoever makes it again. */
  readonly made: Readonly<Record<string, string | number>>;
  readonly problems: readonly Problem[];
}

export class BankError extends Error {}

/** Check a bank read from anywhere: every problem's position, roll, answers and indices. */
export function parseBank(raw: unknown): Bank {
  if (typeof raw !== 'object' || raw === null) throw new BankError('a bank is a JSON object');
  const b = raw as Record<string, unknown>;
  if (b.schema !== BANK_SCHEMA) throw new BankError(`unknown bank schema ${String(b.schema)}`);
  if (b.variant !== 'long' && b.variant !== 'short') throw new BankError('a bank is of long or short nardy');
  if (!Array.isArray(b.problems)) throw new BankError('a bank has problems');
  const variant = b.variant;
  const ids = new Set<string>();
  const problems = b.problems.map((x: unknown, i: number): Problem => {
    const p = x as Record<string, unknown>;
    const where = `problem ${i}`;
    if (typeof p.id !== 'string' || !/^[sl]\d{1,6}$/.test(p.id) || ids.has(p.id)) throw new BankError(`${where}: a bad or repeated id`);
    ids.add(p.id);
    if (typeof p.position !== 'string') throw new BankError(`${where}: no position`);
    const position = parsePositionId(p.position);
    if (position.variant !== variant) throw new BankError(`${where}: a position of the other game`);
    const dice = p.dice;
    if (!Array.isArray(dice) || dice.length !== 2 || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) throw new BankError(`${where}: bad dice`);
    if (!Array.isArray(p.answers) || p.answers.length < 3 || p.answers.length > 4) throw new BankError(`${where}: three or four answers`);
    const answers = p.answers.map((a: unknown) => {
      const y = a as Record<string, unknown>;
      if (typeof y.play !== 'string' || typeof y.equity !== 'number' || !Number.isFinite(y.equity)) throw new BankError(`${where}: a bad answer`);
      parsePlay(y.play);
      return { play: y.play, equity: y.equity };
    });
    for (let k = 1; k < answers.length; k++) if (answers[k]!.equity > answers[0]!.equity) throw new BankError(`${where}: the first answer is not the best`);
    const tempting = p.tempting;
    if (typeof tempting !== 'number' || !Number.isInteger(tempting) || tempting < 1 || tempting >= answers.length) throw new BankError(`${where}: bad tempting answer`);
    const themes = Array.isArray(p.themes) ? p.themes.filter((t): t is Theme => (THEMES as readonly string[]).includes(t as string)) : [];
    if (themes.length === 0) throw new BankError(`${where}: no theme`);
    if (typeof p.rating !== 'number' || !Number.isFinite(p.rating)) throw new BankError(`${where}: no rating`);
    return { id: p.id, variant, position: p.position, dice: [dice[0], dice[1]] as [Die, Die], themes, answers, tempting, rating: p.rating };
  });
  return { schema: BANK_SCHEMA, variant, made: (b.made ?? {}) as Record<string, string | number>, problems };
}

export const bankFile = (variant: Variant): URL => new URL(`../../assets/puzzles/${variant}.json.gz`, import.meta.url);

const loaded = new Map<Variant, Bank>();
/** The bundled bank of a game (read once). */
export function loadBank(variant: Variant): Bank {
  let bank = loaded.get(variant);
  if (!bank) loaded.set(variant, (bank = parseBank(JSON.parse(gunzipSync(readFileSync(bankFile(variant))).toString('utf8')))));
  return bank;
}

/** An answer's steps (the mover's numbering). */
export function answerMoves(a: Answer): Step[] {
  return parsePlay(a.play);
}

export function problemPosition(p: Problem): Position {
  return parsePositionId(p.position);
}

/** A problem by id, from the bundled banks (null: no such problem). */
export function problemById(id: string): Problem | null {
  const variant: Variant | null = id.startsWith('s') ? 'short' : id.startsWith('l') ? 'long' : null;
  if (!variant || !/^[sl]\d{1,6}$/.test(id)) return null;
  return loadBank(variant).problems.find((p) => p.id === id) ?? null;
}
