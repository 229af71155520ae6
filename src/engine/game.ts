/**
 * One game as a plain JSON value and its transitions: (state, action, by) -> new state | error.
 * Dice are never rolled here: a 'roll' action carries the dice, drawn by the caller from a
 * DiceSource at index state.rolls.
 */
import { formatPlay } from './notation.js';
import { legalPlays } from './plays.js';
import { positionId, startPosition } from './position.js';
import { defaultRules, type Rules } from './rules.js';
import { StepError, turnView, type TurnView } from './turn.js';
import { isDie, otherSide, type Dice, type Die, type Position, type Side, type Step, type Variant } from './types.js';

export const GAME_SCHEMA = 1;

export type Phase = 'opening' | 'roll' | 'move' | 'double' | 'resign' | 'over';
/** 'forfeit': the game (and its match) was abandoned: no points, the opponent wins the match. */
export type ResultKind = 'oin' | 'mars' | 'single' | 'gammon' | 'backgammon' | 'draw' | 'forfeit';
export type ResignLevel = 1 | 2 | 3;

export interface CubeState {
  readonly value: number;
  /** null = centred. */
  readonly owner: Side | null;
}

export interface GameResult {
  readonly winner: Side | null;
  readonly kind: ResultKind;
  /** 1 oin/single, 2 mars/gammon, 3 koks/backgammon, 0 draw (before the cube). */
  readonly multiplier: 0 | 1 | 2 | 3;
  readonly points: number;
  readonly reason: 'borne-off' | 'resigned' | 'dropped' | 'forfeit';
}

/** The last turn played, for highlights and the caption. */
export interface LastTurn {
  readonly side: Side;
  readonly dice: Dice;
  /** Empty when the roll could not be played. */
  readonly moves: readonly Step[];
  /** The play in notation, hits marked. */
  readonly text: string;
}

export interface GameState {
  readonly schema: typeof GAME_SCHEMA;
  /** Bumped by every transition: stale buttons and compare-and-set use it. */
  readonly version: number;
  readonly variant: Variant;
  readonly rules: Rules;
  /** The position at the start of the current turn; `turn` is the side to act. */
  readonly position: Position;
  readonly phase: Phase;
  readonly dice: Dice | null;
  /** Steps taken so far in the turn in progress. */
  readonly steps: readonly Step[];
  readonly cube: CubeState;
  /** This game is the Crawford game of a match: no doubling. */
  readonly crawford: boolean;
  /** Rolls drawn from the dice source so far (the index of the next roll). */
  readonly rolls: number;
  readonly firstMover: Side | null;
  /** Long nardy with lastRollDraw: the side that did not finish is taking its last roll. */
  readonly lastRoll: boolean;
  readonly pendingResign: { readonly by: Side; readonly level: ResignLevel; readonly resume: Phase } | null;
  /** Every roll drawn from the dice source, two digits each ("6531" = 6-5 then 3-1). */
  readonly rollLog: string;
  /** The game record, one line per event: "W 65: 24/18 18/13", "B 21: -", "W doubles 2", "opening 4-2". */
  readonly record: readonly string[];
  readonly last: LastTurn | null;
  readonly result: GameResult | null;
}

export type GameAction =
  | { readonly type: 'roll'; readonly dice: Dice }
  | { readonly type: 'step'; readonly step: Step }
  | { readonly type: 'undo' }
  | { readonly type: 'done' }
  | { readonly type: 'play'; readonly moves: readonly Step[] }
  | { readonly type: 'double' }
  | { readonly type: 'take' }
  | { readonly type: 'drop' }
  | { readonly type: 'resign'; readonly level: ResignLevel }
  | { readonly type: 'accept' }
  | { readonly type: 'decline' }
  | { readonly type: 'forfeit' };

/** Why an action was refused: every code, so that each can be worded (and checked to be). */
export const GAME_ERROR_CODES = ['game-over', 'not-your-turn', 'wrong-phase', 'illegal-step', 'nothing-to-undo', 'play-incomplete', 'illegal-play', 'cube-not-allowed', 'resign-pending', 'bad-action'] as const;
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];

export class GameError extends Error {
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type Outcome = { ok: true; state: GameState } | { ok: false; error: GameError };

export interface NewGameOptions {
  readonly rules?: Rules;
  readonly crawford?: boolean;
}

export function newGame(variant: Variant, opts: NewGameOptions = {}): GameState {
  return {
    schema: GAME_SCHEMA,
    version: 0,
    variant,
    rules: opts.rules ?? defaultRules(variant),
    position: startPosition(variant),
    phase: 'opening',
    dice: null,
    steps: [],
    cube: { value: 1, owner: null },
    crawford: opts.crawford ?? false,
    rolls: 0,
    firstMover: null,
    lastRoll: false,
    pendingResign: null,
    rollLog: '',
    record: [],
    last: null,
    result: null,
  };
}

/** Who may act now (null: anyone may roll the opening, or the game is over). */
export function actor(s: GameState): Side | null {
  switch (s.phase) {
    case 'opening':
    case 'over':
      return null;
    case 'double':
      return otherSide(s.position.turn);
    case 'resign':
      return otherSide(s.pendingResign!.by);
    default:
      return s.position.turn;
  }
}

export function canDouble(s: GameState, by: Side): boolean {
  return (
    s.phase === 'roll' &&
    s.position.turn === by &&
    s.rules.cube &&
    !s.crawford &&
    !s.lastRoll &&
    s.cube.value < 64 &&
    (s.cube.owner === null || s.cube.owner === by)
  );
}

// Turn views are immutable and asked for several times per press (keyboard, caption, picture):
// keep the most recent ones.
const turnCache = new Map<string, TurnView>();
const TURN_CACHE_MAX = 512;

/** The turn in progress (phase 'move'). */
export function currentTurn(s: GameState): TurnView {
  if (s.phase !== 'move' || !s.dice) throw new GameError('wrong-phase', 'no turn in progress');
  const key = `${positionId(s.position)}|${s.dice[0]}${s.dice[1]}|${s.steps.map((x) => `${x[0]}/${x[1]}`).join(' ')}|${JSON.stringify(s.rules)}`;
  let view = turnCache.get(key);
  if (!view) {
    view = turnView(s.position, s.dice, s.steps, s.rules);
    if (turnCache.size >= TURN_CACHE_MAX) turnCache.delete(turnCache.keys().next().value!);
    turnCache.set(key, view);
  }
  return view;
}

/** The position to show: the turn start plus the steps taken so far. */
export function displayPosition(s: GameState): Position {
  return s.phase === 'move' ? currentTurn(s).position : s.position;
}

function sideOf(p: Position, side: Side): readonly number[] {
  return side === 'white' ? p.white : p.black;
}

/** The result when `winner` has borne off all 15 in `p`. */
export function scoreResult(p: Position, winner: Side, cube: number): GameResult {
  const loser = sideOf(p, otherSide(winner));
  let multiplier: 1 | 2 | 3;
  let kind: ResultKind;
  if (loser[0]! > 0) {
    multiplier = 1;
    kind = p.variant === 'long' ? 'oin' : 'single';
  } else if (p.variant === 'long') {
    multiplier = 2;
    kind = 'mars';
  } else {
    let inWinnersHome = loser[25]! > 0;
    for (let pt = 19; pt <= 24; pt++) if (loser[pt]! > 0) inWinnersHome = true;
    multiplier = inWinnersHome ? 3 : 2;
    kind = inWinnersHome ? 'backgammon' : 'gammon';
  }
  return { winner, kind, multiplier, points: multiplier * cube, reason: 'borne-off' };
}

function fail(code: GameErrorCode, message: string): Outcome {
  return { ok: false, error: new GameError(code, message) };
}

function next(s: GameState, patch: Partial<GameState>): Outcome {
  return { ok: true, state: { ...s, ...patch, version: s.version + 1 } };
}

/** After a play (or a pass) by the side to move: the next turn, or the end of the game. */
function endTurn(s: GameState, after: Position, moves: readonly Step[]): Outcome {
  const mover = s.position.turn;
  const dice = s.dice!;
  const text = formatPlay(moves, s.position);
  const last: LastTurn = { side: mover, dice, moves, text };
  const line = `${mover === 'white' ? 'W' : 'B'} ${dice[0]}${dice[1]}: ${text || '-'}`;
  const moverDone = sideOf(after, mover)[0] === 15;
  const base = { record: [...s.record, line], last, dice: null, steps: [] as Step[], pendingResign: null };
  if (s.lastRoll) {
    // The last roll of lastRollDraw has been played: a draw if it also finished.
    const winner = otherSide(mover);
    const result: GameResult = moverDone
      ? { winner: null, kind: 'draw', multiplier: 0, points: 0, reason: 'borne-off' }
      : scoreResult(after, winner, s.cube.value);
    return next(s, { ...base, position: after, phase: 'over', result, lastRoll: false });
  }
  if (moverDone) {
    if (s.variant === 'long' && s.rules.lastRollDraw && mover === s.firstMover && sideOf(after, otherSide(mover))[0]! < 15) {
      return next(s, { ...base, position: after, phase: 'roll', lastRoll: true });
    }
    return next(s, { ...base, position: after, phase: 'over', result: scoreResult(after, mover, s.cube.value) });
  }
  return next(s, { ...base, position: after, phase: 'roll' });
}

function startTurnWithDice(s: GameState, dice: Dice, patch: Partial<GameState>): Outcome {
  const mid: GameState = { ...s, ...patch, dice };
  const plays = legalPlays(mid.position, dice, mid.rules);
  if (plays.length === 0) {
    const after: Position = { ...mid.position, turn: otherSide(mid.position.turn) };
    return endTurn(mid, after, []);
  }
  return next(s, { ...patch, phase: 'move', dice, steps: [] });
}

function isStep(x: unknown): x is Step {
  return Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && Number.isInteger(x[1]) && x[0] >= 1 && x[0] <= 25 && x[1] >= 0 && x[1] <= 24 && x[1] < x[0];
}

/** The shape of an action from outside (a forged button, a script): checked before anything else. */
function malformed(action: GameAction, by: Side): string | null {
  if (typeof action !== 'object' || action === null) return 'an action is an object';
  if (by !== 'white' && by !== 'black') return 'the side must be white or black';
  switch (action.type) {
    case 'roll':
      return Array.isArray(action.dice) && action.dice.length === 2 && isDie(action.dice[0]) && isDie(action.dice[1]) ? null : 'dice must be two whole numbers from 1 to 6';
    case 'step':
      return isStep(action.step) ? null : 'a step is [from, to] with 25 >= from > to >= 0';
    case 'play':
      return Array.isArray(action.moves) && action.moves.length <= 4 && action.moves.every(isStep) ? null : 'a play is at most four steps [from, to]';
    case 'resign':
      return null;
    default:
      return null;
  }
}

/** Apply an action by a side. Never throws for bad input: errors come back typed. */
export function applyAction(s: GameState, action: GameAction, by: Side): Outcome {
  const bad = malformed(action, by);
  if (bad) return fail(action?.type === 'step' ? 'illegal-step' : action?.type === 'play' ? 'illegal-play' : 'bad-action', bad);
  if (s.phase === 'over') return fail('game-over', 'the game is over');
  if (action.type === 'resign') {
    if (s.phase === 'resign' || s.phase === 'double') return fail('resign-pending', 'an offer is waiting for an answer');
    if (![1, 2, 3].includes(action.level) || (s.variant === 'long' && action.level === 3)) {
      return fail('bad-action', 'a resignation offers 1, 2 or (short nardy) 3 times the cube');
    }
    return next(s, { phase: 'resign', pendingResign: { by, level: action.level, resume: s.phase } });
  }
  if (action.type === 'forfeit') {
    // Leaving is not a way to lose small or big: no points are scored; the match goes to the opponent.
    const result: GameResult = { winner: otherSide(by), kind: 'forfeit', multiplier: 0, points: 0, reason: 'forfeit' };
    return next(s, { phase: 'over', result, pendingResign: null });
  }
  const who = actor(s);
  if (who !== null && who !== by) return fail('not-your-turn', `it is ${who}'s turn`);

  switch (action.type) {
    case 'roll': {
      if (s.phase === 'opening') {
        const [w, b] = action.dice;
        const logged = { rolls: s.rolls + 1, rollLog: s.rollLog + w + b, record: [...s.record, `opening ${w}-${b}`] };
        if (w === b) return next(s, logged);
        const first: Side = w > b ? 'white' : 'black';
        const patch: Partial<GameState> = { ...logged, firstMover: first, position: { ...s.position, turn: first } };
        if (s.rules.opening === 'reroll') return next(s, { ...patch, phase: 'roll' });
        return startTurnWithDice(s, [w, b], patch);
      }
      if (s.phase !== 'roll') return fail('wrong-phase', 'the dice are already rolled');
      return startTurnWithDice(s, action.dice, { rolls: s.rolls + 1, rollLog: s.rollLog + action.dice[0] + action.dice[1] });
    }
    case 'step': {
      if (s.phase !== 'move') return fail('wrong-phase', 'roll first');
      try {
        const view = turnView(s.position, s.dice!, [...s.steps, action.step], s.rules);
        return next(s, { steps: [...s.steps, action.step].slice(0, view.playLength) });
      } catch (e) {
        if (e instanceof StepError) return fail('illegal-step', e.message);
        throw e;
      }
    }
    case 'undo': {
      if (s.phase !== 'move') return fail('wrong-phase', 'nothing to undo');
      if (s.steps.length === 0) return fail('nothing-to-undo', 'nothing to undo');
      return next(s, { steps: s.steps.slice(0, -1) });
    }
    case 'done': {
      if (s.phase !== 'move') return fail('wrong-phase', 'roll first');
      const view = currentTurn(s);
      if (!view.complete) return fail('play-incomplete', 'the play is not complete');
      const after: Position = { ...view.position, turn: otherSide(s.position.turn) };
      return endTurn(s, after, s.steps);
    }
    case 'play': {
      if (s.phase !== 'move') return fail('wrong-phase', 'roll first');
      let view: TurnView;
      try {
        view = turnView(s.position, s.dice!, action.moves, s.rules);
      } catch (e) {
        if (e instanceof StepError) return fail('illegal-play', e.message);
        throw e;
      }
      if (!view.complete) return fail('illegal-play', 'the play does not use the dice it must');
      const after: Position = { ...view.position, turn: otherSide(s.position.turn) };
      return endTurn(s, after, action.moves);
    }
    case 'double': {
      if (!canDouble(s, by)) return fail('cube-not-allowed', 'you cannot double now');
      return next(s, { phase: 'double' });
    }
    case 'take': {
      if (s.phase !== 'double') return fail('wrong-phase', 'no double to take');
      const value = s.cube.value * 2;
      const line = `${s.position.turn === 'white' ? 'W' : 'B'} doubles ${value}, taken`;
      return next(s, { phase: 'roll', cube: { value, owner: by }, record: [...s.record, line] });
    }
    case 'drop': {
      if (s.phase !== 'double') return fail('wrong-phase', 'no double to pass');
      const winner = s.position.turn;
      const line = `${winner === 'white' ? 'W' : 'B'} doubles ${s.cube.value * 2}, passed`;
      const result: GameResult = { winner, kind: s.variant === 'long' ? 'oin' : 'single', multiplier: 1, points: s.cube.value, reason: 'dropped' };
      return next(s, { phase: 'over', result, record: [...s.record, line] });
    }
    case 'accept': {
      if (s.phase !== 'resign' || !s.pendingResign) return fail('wrong-phase', 'no resignation to accept');
      const { by: resigner, level } = s.pendingResign;
      const kinds: Record<Variant, ResultKind[]> = { long: ['oin', 'oin', 'mars', 'mars'], short: ['single', 'single', 'gammon', 'backgammon'] };
      const result: GameResult = {
        winner: otherSide(resigner),
        kind: kinds[s.variant][level]!,
        multiplier: level,
        points: level * s.cube.value,
        reason: 'resigned',
      };
      return next(s, { phase: 'over', result, pendingResign: null });
    }
    case 'decline': {
      if (s.phase !== 'resign' || !s.pendingResign) return fail('wrong-phase', 'no resignation to decline');
      return next(s, { phase: s.pendingResign.resume, pendingResign: null });
    }
    default:
      return fail('bad-action', 'unknown action');
  }
}

/** Like applyAction, but throws the GameError (for scripts and tests). */
export function apply(s: GameState, action: GameAction, by: Side): GameState {
  const out = applyAction(s, action, by);
  if (!out.ok) throw out.error;
  return out.state;
}

/** The rolls of a game, in order, as drawn from its dice source (for /fair verification). */
export function rollsOf(s: GameState): Dice[] {
  const out: Dice[] = [];
  for (let i = 0; i + 1 < s.rollLog.length; i += 2) out.push([Number(s.rollLog[i]) as Die, Number(s.rollLog[i + 1]) as Die]);
  return out;
}
