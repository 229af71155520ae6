/**
 * Starting a match: its record built (colours drawn, each board placed, the dice committed) and
 * settled (the opening roll made, forced plays played). Storing it is the table's (games.ts).
 */
import { randomInt } from 'node:crypto';
import { newMatch } from '../../engine/match.js';
import { defaultRules } from '../../engine/rules.js';
import type { Side, Variant } from '../../engine/types.js';
import { GAME_RECORD_SCHEMA, offeredLevel, type GameKind, type GameRecord, type Human, type Lang, type MatchDice, type PlayerRef, type Seat } from '../model.js';
import { fairFor, freshDice, newId } from './dice.js';
import type { Settler } from './settle.js';

export interface StartOptions {
  readonly kind: GameKind;
  readonly chatId: number;
  readonly lang: Lang;
  readonly white: PlayerRef;
  readonly black: PlayerRef;
  readonly variant: Variant;
  readonly length: number;
  /** The game's id (a challenge's id when the game comes from it); a new one by default. */
  readonly id?: string;
  /**
   * 'random': colours are drawn (White and Black may swap); 'given' (the default): as passed.
   * Either way the board is drawn from the side of `white` as passed (the person against the
   * bot, the challenger in a group) and with their settings.
   */
  readonly colours?: 'random' | 'given';
  /** The match's dice (a chain committed before its client seed); a fresh chain by default. */
  readonly dice?: MatchDice;
  /** Play a match with the doubling cube (default: as the game's default rules); never in a single game. */
  readonly cube?: boolean;
  /** A tournament's match (see GameRecord). */
  readonly tournament?: GameRecord['tournament'];
  readonly matched?: boolean;
  readonly rated?: boolean;
  readonly moveSeconds?: number;
}

/** The record of a new match (not stored): the opening roll made, forced plays played. */
export async function buildMatch(asked: StartOptions, now: number, settler: Settler): Promise<GameRecord> {
  // A level no longer offered (a rematch of an expert game of before) plays at the one below.
  const offer = (p: PlayerRef): PlayerRef => (p.kind === 'bot' ? { kind: 'bot', level: offeredLevel(p.level) } : p);
  const opts: StartOptions = { ...asked, white: offer(asked.white), black: offer(asked.black) };
  const id = opts.id ?? newId();
  // A single game has nothing to double for: the cube is only for matches.
  const base = defaultRules(opts.variant);
  const cube = opts.length > 1 && (opts.cube ?? base.cube);
  const rules = cube === base.cube ? base : { ...base, cube };
  const swap = opts.colours === 'random' && randomInt(2) === 1;
  const white = swap ? opts.black : opts.white;
  const black = swap ? opts.white : opts.black;
  // The board is drawn for the first player as passed (the person; in a group, the challenger).
  const firstIsWhite = opts.white.kind === 'human' || opts.black.kind !== 'human';
  const first = firstIsWhite ? opts.white : opts.black;
  const firstSide: Side = firstIsWhite !== swap ? 'white' : 'black';
  const owner = first.kind === 'human' ? first.id : null;
  // By link each person has a board of their own, in their private chat, from their side.
  const seats: Seat[] =
    opts.kind === 'link'
      ? (['white', 'black'] as const).map((side) => {
          const p = (side === 'white' ? white : black) as Human;
          return { chatId: p.id, viewer: side, lang: p.lang, owner: p.id };
        })
      : [{ chatId: opts.chatId, viewer: firstSide, lang: opts.lang, owner }];
  const { fair, dice } = fairFor(opts.dice ?? freshDice(), id, 1);
  const rec: GameRecord = {
    schema: GAME_RECORD_SCHEMA,
    id,
    v: 0,
    kind: opts.kind,
    seats,
    players: { white, black },
    match: newMatch(opts.variant, opts.length, rules),
    dice,
    fair,
    archive: [],
    events: [],
    createdAt: now,
    updatedAt: now,
    finished: false,
    ...(opts.tournament ? { tournament: opts.tournament } : {}),
    ...(opts.rated === false ? { rated: false } : {}),
    ...(opts.matched ? { matched: true } : {}),
    ...(opts.moveSeconds ? { moveSeconds: opts.moveSeconds } : {}),
  };
  return settler.settle(rec, []);
}
