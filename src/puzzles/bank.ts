/**
 * The problem bank: positions with a roll and a clear best play, made by scripts/puzzles/make.ts
 * from the bot's own self-play and checked at a deeper search than the one that found them.
 * Stored compactly in assets/puzzles/<variant>.json.gz (gzip of one JSON document).
 *
 * A play problem's answers are plays in the mover's own numbering, in the step notation of SPEC §2;
 * answers[0] is the best; each carries the mover's cubeless money equity after it (the deeper
 * search's), so the equity each choice loses is answers[0].equity - answer.equity.
 *
 * A cube problem (short nardy, a money game) asks the side on roll, before rolling, for the cube
 * action: its four answers are the quiz's usual four (no double, double/take, double/pass, too
 * good to double), each with the doubler's cubeful equity less what the answer gets wrong (the
 * doubler's part and the taker's part, as gnubg counts cube errors), so again the first is the
 * best and the difference is what a choice loses.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parsePlay } from '../engine/notation.js';
import { parsePositionId } from '../engine/position.js';
import type { Die, Position, Step, Variant } from '../engine/types.js';

export const BANK_SCHEMA = 1;

export const THEMES = ['bear-off', 'race', 'head', 'blocking', 'priming', 'hitting', 'back-game', 'middle-game', 'cube'] as const;
export type Theme = (typeof THEMES)[number];

/** A cube problem's answers: the side on roll's action and the taker's answer it implies. */
export const CUBE_ANSWERS = ['no-double', 'double-take', 'double-pass', 'too-good'] as const;
export type CubeAnswer = (typeof CUBE_ANSWERS)[number];

/** The doubler's equities behind a cube decision (money, per unit of the cube before it). */
export interface CubeEquities {
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doublePass: number;
}

/**
 * What each cube answer gets wrong, in points: the doubler's part (doubling or not against the
 * better of the two) plus the taker's part (taking or passing against the better for the taker).
 * "No double" implies a take, "too good" a pass.
 */
export function cubeAnswerErrors(e: CubeEquities): Record<CubeAnswer, number> {
  const doubled = Math.min(e.doubleTake, e.doublePass);
  const doubler = { nd: Math.max(0, doubled - e.noDouble), d: Math.max(0, e.noDouble - doubled) };
  const taker = { take: Math.max(0, e.doubleTake - e.doublePass), pass: Math.max(0, e.doublePass - e.doubleTake) };
  return {
    'no-double': doubler.nd + taker.take,
    'double-take': doubler.d + taker.take,
    'double-pass': doubler.d + taker.pass,
    'too-good': doubler.nd + taker.pass,
  };
}

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
  /** A play to find with the roll given, or the cube action before the roll. */
  readonly kind: 'play' | 'cube';
  /** The position before the play (positionId), the mover on turn. */
  readonly position: string;
  /** The roll (null: a cube problem, before the roll). */
  readonly dice: readonly [Die, Die] | null;
  /** A cube problem's cube (a money game) and the doubler's chances at the deeper analysis. */
  readonly cube?: CubeProblem;
  /** From a reviewed game whose players agreed (else from the bot's self-play). */
  readonly source?: 'game';
  readonly themes: readonly Theme[];
  /** The best first, then the others, best to worst. */
  readonly answers: readonly Answer[];
  /** Which answer looks best at a glance (0-ply) though it is not. */
  readonly tempting: number;
  /** The starting difficulty, on the players' rating scale. */
  readonly rating: number;
}

export interface CubeProblem {
  readonly value: number;
  /** Centred, or the side on roll's. */
  readonly owner: 'me' | null;
  /** The doubler's cubeless chances: to win, to win a gammon, to lose a gammon. */
  readonly win: number;
  readonly winGammon: number;
  readonly loseGammon: number;
}

export interface Bank {
  readonly schema: typeof BANK_SCHEMA;
  readonly variant: Variant;
  /** How it was made (the script's settings), for whoever makes it again. */
  readonly made: Readonly<Record<string, string | number>>;
  readonly problems: readonly Problem[];
}

export class BankError extends Error {}

/** A bundled problem's id: `s17`, `l4`. */
export const BANK_ID = /^[sl]\d{1,6}$/;
/** Any problem's id: a bundled one, or one from a reviewed game (`sg` and ten hex digits). */
export const PROBLEM_ID = /^[sl](?:\d{1,6}|g[0-9a-f]{10})$/;

/** One problem read from anywhere (a bank, the store): its position, roll, answers and indices. */
export function parseProblem(x: unknown, variant: Variant, where = 'a problem'): Problem {
  if (typeof x !== 'object' || x === null) throw new BankError(`${where}: not an object`);
  const p = x as Record<string, unknown>;
  if (typeof p.id !== 'string' || !PROBLEM_ID.test(p.id) || p.id[0] !== variant[0]) throw new BankError(`${where}: a bad id`);
  if (typeof p.position !== 'string') throw new BankError(`${where}: no position`);
  const position = parsePositionId(p.position);
  if (position.variant !== variant) throw new BankError(`${where}: a position of the other game`);
  const kind = p.kind === undefined || p.kind === 'play' ? 'play' : p.kind === 'cube' ? 'cube' : null;
  if (!kind) throw new BankError(`${where}: a problem is of a play or of the cube`);
  const dice = p.dice;
  if (kind === 'play' && (!Array.isArray(dice) || dice.length !== 2 || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))) throw new BankError(`${where}: bad dice`);
  if (kind === 'cube' && dice !== null && dice !== undefined) throw new BankError(`${where}: a cube problem comes before the roll`);
  if (!Array.isArray(p.answers) || p.answers.length < 3 || p.answers.length > 4) throw new BankError(`${where}: three or four answers`);
  const answers = p.answers.map((a: unknown) => {
    const y = a as Record<string, unknown>;
    if (typeof y.play !== 'string' || typeof y.equity !== 'number' || !Number.isFinite(y.equity)) throw new BankError(`${where}: a bad answer`);
    if (kind === 'play') parsePlay(y.play);
    else if (!(CUBE_ANSWERS as readonly string[]).includes(y.play)) throw new BankError(`${where}: not a cube answer: ${y.play}`);
    return { play: y.play, equity: y.equity };
  });
  if (new Set(answers.map((a) => a.play)).size !== answers.length) throw new BankError(`${where}: an answer twice`);
  let cube: CubeProblem | undefined;
  if (kind === 'cube') {
    const c = (p.cube ?? {}) as Record<string, unknown>;
    const chance = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;
    if (variant !== 'short' || !Number.isInteger(c.value) || (c.value as number) < 1 || (c.value as number) > 64 || (c.owner !== null && c.owner !== 'me') || !chance(c.win) || !chance(c.winGammon) || !chance(c.loseGammon)) throw new BankError(`${where}: a bad cube`);
    cube = { value: c.value as number, owner: c.owner, win: c.win, winGammon: c.winGammon, loseGammon: c.loseGammon };
  }
  for (let k = 1; k < answers.length; k++) if (answers[k]!.equity > answers[0]!.equity) throw new BankError(`${where}: the first answer is not the best`);
  const tempting = p.tempting;
  if (typeof tempting !== 'number' || !Number.isInteger(tempting) || tempting < 1 || tempting >= answers.length) throw new BankError(`${where}: bad tempting answer`);
  const themes = Array.isArray(p.themes) ? p.themes.filter((t): t is Theme => (THEMES as readonly string[]).includes(t as string)) : [];
  if (themes.length === 0) throw new BankError(`${where}: no theme`);
  if (typeof p.rating !== 'number' || !Number.isFinite(p.rating)) throw new BankError(`${where}: no rating`);
  const roll = kind === 'play' ? ([(dice as Die[])[0]!, (dice as Die[])[1]!] as [Die, Die]) : null;
  if (p.source !== undefined && p.source !== 'game') throw new BankError(`${where}: a bad source`);
  return { id: p.id, variant, kind, position: p.position, dice: roll, ...(cube ? { cube } : {}), ...(p.source === 'game' ? { source: 'game' as const } : {}), themes, answers, tempting, rating: p.rating };
}

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
    const p = parseProblem(x, variant, `problem ${i}`);
    if (!BANK_ID.test(p.id) || ids.has(p.id)) throw new BankError(`problem ${i}: a bad or repeated id`);
    ids.add(p.id);
    return p;
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

/** An answer's steps (the mover's numbering); none for a cube answer. */
export function answerMoves(a: Answer): Step[] {
  return (CUBE_ANSWERS as readonly string[]).includes(a.play) ? [] : parsePlay(a.play);
}

export function problemPosition(p: Problem): Position {
  return parsePositionId(p.position);
}

/** A problem by id, from the bundled banks (null: no such problem). */
export function problemById(id: string): Problem | null {
  const variant: Variant | null = id.startsWith('s') ? 'short' : id.startsWith('l') ? 'long' : null;
  if (!variant || !BANK_ID.test(id)) return null;
  return loadBank(variant).problems.find((p) => p.id === id) ?? null;
}
