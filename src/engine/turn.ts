/**
 * A turn played one checker step at a time (for the buttons), derived from the move generator:
 * the legal plays of the whole turn come from generate(), and after each step the generator's
 * own search, continued from the board so far, says which single steps still lead to one of
 * them. So the rules live in one place (movegen.ts); a property test checks that the step
 * sequences allowed are exactly the legal plays.
 */
import { Generator, type HashSet64 } from './movegen.js';
import { oppPointOf } from './numbering.js';
import { legalPlays } from './plays.js';
import { DEFAULT_RULES, headLimit, type Rules } from './rules.js';
import type { Dice, Die, Play, Position, Step } from './types.js';

export interface TurnView {
  /** The position after the steps taken so far (the mover is still to move). */
  readonly position: Position;
  /** The dice not yet used (by the steps taken). */
  readonly remaining: readonly Die[];
  /** Every step that starts or continues some legal play. */
  readonly next: readonly Step[];
  /** True when the steps taken make a whole legal play (Done may be pressed). */
  readonly complete: boolean;
  /** The number of steps a legal play has this turn (0 when nothing can move). */
  readonly playLength: number;
  /** The legal plays of the whole turn. */
  readonly plays: readonly Play[];
}

export class StepError extends Error {}

const gen = new Generator();

interface Board {
  me: number[];
  opp: number[];
  remaining: Die[];
  headLeft: number;
}

function sidesOf(p: Position): { me: number[]; opp: number[] } {
  return p.turn === 'white' ? { me: [...p.white], opp: [...p.black] } : { me: [...p.black], opp: [...p.white] };
}

/** The legal finals' keys of a turn (computed once per turn start and kept). */
const finalsCache = new Map<string, HashSet64>();

function finalsOf(start: Position, dice: Dice, rules: Rules): HashSet64 {
  const key = `${start.variant}${start.turn}${start.white.join(',')}|${start.black.join(',')}|${dice[0]}${dice[1]}|${rules.headException}${rules.block}`;
  let set = finalsCache.get(key);
  if (!set) {
    const { me, opp } = sidesOf(start);
    const n = gen.generate(start.variant, me, opp, dice, rules);
    set = gen.finalKeys(n);
    if (finalsCache.size >= 256) finalsCache.delete(finalsCache.keys().next().value!);
    finalsCache.set(key, set);
  }
  return set;
}

/** The single steps that continue the turn from board b towards a legal play. */
function options(start: Position, b: Board, need: number, finals: HashSet64, rules: Rules): Array<{ step: Step; die: Die }> {
  // Larger dice first: a bear-off that either die could make uses the larger one.
  const remaining = [...b.remaining].sort((x, y) => y - x);
  const count = gen.nextSteps(start.variant, b.me, b.opp, remaining, b.headLeft, need, finals, rules);
  const out: Array<{ step: Step; die: Die }> = [];
  for (let k = 0; k < count; k++) out.push({ step: [gen.next.steps[k * 2]!, gen.next.steps[k * 2 + 1]!], die: gen.next.dice[k] as Die });
  // Buttons in a stable order: from the back of the board, then the longer step.
  out.sort((x, y) => y.step[0] - x.step[0] || x.step[1] - y.step[1]);
  return out;
}

/** Apply one single-checker step to the board (a hit sends the blot to the bar). */
function applyStep(variant: Position['variant'], b: Board, step: Step, die: Die): Board {
  const [from, to] = step;
  const me = [...b.me];
  const opp = [...b.opp];
  me[from]!--;
  me[to]!++;
  if (variant === 'short' && to > 0) {
    const q = oppPointOf('short', to);
    if (opp[q] === 1) {
      opp[q] = 0;
      opp[25]!++;
    }
  }
  const i = b.remaining.indexOf(die);
  const remaining = [...b.remaining.slice(0, i), ...b.remaining.slice(i + 1)];
  return { me, opp, remaining, headLeft: variant === 'long' && from === 24 ? b.headLeft - 1 : b.headLeft };
}

/**
 * The turn after `steps` (each a single-checker step) from `start` with `dice`.
 * Throws StepError when a step is not part of any legal play.
 */
export function turnView(start: Position, dice: Dice, steps: readonly Step[], rules: Rules = DEFAULT_RULES, plays?: readonly Play[]): TurnView {
  const legal = plays ?? legalPlays(start, dice, rules);
  const playLength = legal.length === 0 ? 0 : legal[0]!.moves.length;
  const { me, opp } = sidesOf(start);
  let board: Board = {
    me,
    opp,
    remaining: dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]],
    headLeft: start.variant === 'long' ? headLimit(rules, me[24] === 15, dice) : 99,
  };
  const position = (b: Board): Position => (start.turn === 'white' ? { ...start, white: b.me, black: b.opp } : { ...start, white: b.opp, black: b.me });
  if (playLength === 0) {
    if (steps.length > 0) throw new StepError('no checker can move this turn');
    return { position: start, remaining: board.remaining, next: [], complete: true, playLength, plays: legal };
  }
  const finals = finalsOf(start, dice, rules);
  let done = false;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const o = done ? undefined : options(start, board, playLength - i, finals, rules).find((x) => x.step[0] === step[0] && x.step[1] === step[1]);
    if (!o) throw new StepError(`step ${step[0]}/${step[1]} is not part of a legal play`);
    board = applyStep(start.variant, board, o.step, o.die);
    // Bearing off the last checker ends the play, whatever dice are left.
    done = i + 1 === playLength || board.me[0] === 15;
  }
  const complete = steps.length === playLength || (steps.length > 0 && board.me[0] === 15);
  const next = complete ? [] : options(start, board, playLength - steps.length, finals, rules).map((o) => o.step);
  return { position: position(board), remaining: board.remaining, next, complete, playLength, plays: legal };
}
