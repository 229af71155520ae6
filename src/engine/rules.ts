import type { Dice, Variant } from './types.js';

/** Rule options of SPEC §1; the first value of each is the default. */
export interface Rules {
  /** Which first-turn doubles let two checkers leave the head (long nardy). */
  readonly headException: '3-4-6' | 'none' | 'any-double';
  /** When the six-block rule is checked (long nardy). */
  readonly block: 'strict' | 'end-of-turn' | 'off';
  /** 'opening-dice': the opening roll's two dice are the first move; 'reroll': the winner rolls again. */
  readonly opening: 'opening-dice' | 'reroll';
  /** When White finishes first, Black gets one last roll and a draw if it also finishes. */
  readonly lastRollDraw: boolean;
  readonly cube: boolean;
  readonly crawford: boolean;
}

export const RULE_OPTIONS = {
  headException: ['3-4-6', 'none', 'any-double'],
  block: ['strict', 'end-of-turn', 'off'],
  opening: ['opening-dice', 'reroll'],
  lastRollDraw: [false, true],
  cube: [false, true],
  crawford: [true, false],
} as const;

export const DEFAULT_RULES: Rules = {
  headException: '3-4-6',
  block: 'strict',
  opening: 'opening-dice',
  lastRollDraw: false,
  cube: false,
  crawford: true,
};

export type PresetName = 'classic' | 'tournament' | 'casual' | 'old-school' | 'backgammon' | 'backgammon-money';

/** Named presets, shown in /rules and in game settings. */
export const PRESETS: Readonly<Record<PresetName, { variant: Variant; rules: Rules }>> = {
  /** The default long-nardy rules of SPEC §1. */
  classic: { variant: 'long', rules: DEFAULT_RULES },
  /** Long nardy with the cube, as in match play with doubling. */
  tournament: { variant: 'long', rules: { ...DEFAULT_RULES, cube: true } },
  /** Relaxed house rules: any first double clears two from the head, blocks judged at the end of the turn. */
  casual: { variant: 'long', rules: { ...DEFAULT_RULES, headException: 'any-double', block: 'end-of-turn' } },
  /** The old rules: the opening winner rolls again, a last roll for a draw. */
  'old-school': { variant: 'long', rules: { ...DEFAULT_RULES, opening: 'reroll', lastRollDraw: true } },
  /** Backgammon match rules: cube on, Crawford on. */
  backgammon: { variant: 'short', rules: { ...DEFAULT_RULES, cube: true } },
  /** Backgammon without the cube. */
  'backgammon-money': { variant: 'short', rules: DEFAULT_RULES },
};

/** Default rules per variant: the cube is on by default in short nardy. */
export function defaultRules(variant: Variant): Rules {
  return variant === 'short' ? PRESETS.backgammon.rules : DEFAULT_RULES;
}

export class RulesError extends Error {}

/** Parse rule options from untrusted input; unknown keys are an error so typos are caught. */
export function parseRules(input: unknown, base: Rules = DEFAULT_RULES): Rules {
  if (input === undefined || input === null) return base;
  if (typeof input !== 'object' || Array.isArray(input)) throw new RulesError('rules must be an object');
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    // Own properties only: "constructor", "toString" or "__proto__" are not rule options.
    if (!Object.hasOwn(RULE_OPTIONS, key)) throw new RulesError(`unknown rule option "${key}"`);
    const allowed = RULE_OPTIONS[key as keyof typeof RULE_OPTIONS] as readonly unknown[];
    if (!allowed.includes(value)) {
      throw new RulesError(`rule option "${key}" must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
    }
    out[key] = value;
  }
  return out as unknown as Rules;
}

/** How many checkers may leave the head this turn (long nardy). */
export function headLimit(rules: Rules, firstTurn: boolean, dice: Dice): number {
  if (!firstTurn || dice[0] !== dice[1]) return 1;
  if (rules.headException === 'any-double') return 2;
  if (rules.headException === '3-4-6' && (dice[0] === 3 || dice[0] === 4 || dice[0] === 6)) return 2;
  return 1;
}
