/**
 * The domain of the bot as the use cases see it: players, games and their boards, challenges,
 * settings. Plain JSON values; the store keeps them as they are, records.ts checks their schema
 * on every read.
 */
import { DISTINCT_LEVELS, LEVELS_IN_ORDER, playsAs, type Level } from '../ai/player.js';
import type { MatchState } from '../engine/match.js';
import type { Die, Side, Step, Variant } from '../engine/types.js';
import type { ResignLevel, ResultKind } from '../engine/game.js';

/** The languages the bot speaks: the one list (locales/<lang>.ftl each). */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
/** Each language's own name, as a language menu shows it. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { ru: 'Русский', en: 'English' };

export function isLang(x: unknown): x is Lang {
  return typeof x === 'string' && (LANGS as readonly string[]).includes(x);
}

export type BotLevel = Level;
/** The bot's levels, the gentlest first: every level a game record may name. */
export const BOT_LEVELS: readonly BotLevel[] = LEVELS_IN_ORDER;

/**
 * The levels a player may choose: those with a configuration of their own. Hard plays the
 * strongest search there is (ai/player.ts), and expert, with the same configuration, is no longer
 * offered: no wider or longer search measured stronger than hard's (README: The bot's levels).
 */
export const OFFERED_LEVELS: readonly BotLevel[] = DISTINCT_LEVELS;

/** The level a new game plays at: the offered one it plays as (records of before may name expert: hard). */
export function offeredLevel(level: BotLevel): BotLevel {
  return playsAs(level);
}

export interface Human {
  readonly kind: 'human';
  readonly id: number;
  readonly name: string;
  readonly lang: Lang;
}

export interface BotRef {
  readonly kind: 'bot';
  readonly level: BotLevel;
}

export type PlayerRef = Human | BotRef;

/**
 * bot: a person against the bot in a private chat; group: two people on one board in a group;
 * link: two people by invitation, each on a board of their own in their private chat with the bot.
 */
export type GameKind = 'bot' | 'group' | 'link';

/**
 * A board of a game: the chat it is in, whose side it is drawn from, its language, and whose
 * board settings (orientation, theme) it uses. In a group the board keeps one orientation for
 * the whole game (the challenger's) and one language (the challenger's).
 */
export interface Seat {
  readonly chatId: number;
  readonly viewer: Side;
  readonly lang: Lang;
  /** The user whose settings draw this board (null: the defaults). */
  readonly owner: number | null;
}

/**
 * One game of a match as its dice were fair.
 * scheme 1 (records of the first version): a seed per game, `hash` = SHA-256(seed), rolls
 *   HMAC(seed, `${gameId}:${gameNo}:${n}`).
 * scheme 2: `seed` is x_k of the match's hash chain, `hash` the chain's commitment x_0 (shown
 *   before the client seed was fixed), `key` = `${client}:${gameId}:${k}` (see engine/dice.ts).
 */
export interface FairRecord {
  readonly scheme: 1 | 2;
  /** The HMAC message prefix of the rolls. */
  readonly key: string;
  /** Secret until the game ends. */
  readonly seed: string;
  readonly hash: string;
  /** scheme 2: the game's index k in the chain. */
  readonly index?: number;
  /** scheme 2: the client seed mixed into every roll. */
  readonly client?: string;
  /** Rolls as two digits each (filled in when the game ends). */
  readonly rolls: string;
}

/** The dice of a match (scheme 2): the chain's secret master and commitment, the client seed. */
export interface MatchDice {
  readonly master: string;
  readonly commit: string;
  readonly client: string;
  /** Game number of the chain's first game (1; more only if a match outlives a chain). */
  readonly base: number;
}

/**
 * What happened in a game since a person last acted, for the caption: the use cases record
 * these facts and the bot layer words them (no locale keys below the bot).
 */
export type GameEvent =
  | { readonly type: 'opening'; readonly white: Die; readonly black: Die }
  | { readonly type: 'played'; readonly side: Side; readonly dice: readonly [Die, Die]; readonly play: string }
  | { readonly type: 'forced'; readonly side: Side; readonly dice: readonly [Die, Die]; readonly play: string }
  | { readonly type: 'no-move'; readonly side: Side; readonly dice: readonly [Die, Die] }
  | { readonly type: 'doubled'; readonly side: Side; readonly value: number }
  | { readonly type: 'took'; readonly side: Side; readonly value: number }
  | { readonly type: 'dropped'; readonly side: Side }
  | { readonly type: 'resign-offered'; readonly side: Side; readonly level: ResignLevel }
  | { readonly type: 'resign-declined'; readonly side: Side }
  | { readonly type: 'resign-accepted'; readonly side: Side }
  | { readonly type: 'forfeit'; readonly side: Side }
  | { readonly type: 'claimed'; readonly side: Side; readonly idle: Side }
  | { readonly type: 'rematched' }
  /** A rematch was offered between people: the other player's press starts it, until `expiresAt`. */
  | { readonly type: 'rematch-offered'; readonly side: Side; readonly expiresAt: number };

export const GAME_RECORD_SCHEMA = 3;

export interface GameRecord {
  readonly schema: typeof GAME_RECORD_SCHEMA;
  readonly id: string;
  /** Bumped on every change: compare-and-set and stale buttons use it. */
  readonly v: number;
  readonly kind: GameKind;
  /** Where its boards are (one for the games of today). */
  readonly seats: readonly Seat[];
  readonly players: Readonly<Record<Side, PlayerRef>>;
  readonly match: MatchState;
  /** The match's dice: chain and client seed. */
  readonly dice: MatchDice;
  /** The current game's dice: the seed stays secret until the game ends. */
  readonly fair: FairRecord;
  /** Earlier games of the match, seeds revealed. */
  readonly archive: readonly FairRecord[];
  readonly events: readonly GameEvent[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finished: boolean;
  /** The games of the match that have ended, in order (for the statistics). */
  readonly results?: readonly GameOutcome[];
  /** Between two people: the rating change of the match, fixed when it ended (applied once to each). */
  readonly rating?: Readonly<Record<Side, { readonly before: number; readonly after: number }>>;
  /** A finished match between people: the rematch one player offered (it starts when the other presses too). */
  readonly rematch?: { readonly by: Side; readonly expiresAt: number };
  /** A tournament's match: which tournament and round (its result goes there when the match ends). */
  readonly tournament?: { readonly id: string; readonly round: number };
  /** Two strangers paired by the search (/find): the players may block each other after it. */
  readonly matched?: boolean;
  /** false: a match between people that moves no rating (an unrated tournament). */
  readonly rated?: boolean;
  /** The move limit of this match in seconds (a tournament's own); the kind's default otherwise. */
  readonly moveSeconds?: number;
}

/** How one game of a match ended. */
export interface GameOutcome {
  readonly gameNo: number;
  readonly winner: Side | null;
  readonly kind: ResultKind;
  readonly points: number;
  /** The game as played, for review and export: its record lines, the score it began with. */
  readonly record?: readonly string[];
  readonly score?: { readonly white: number; readonly black: number };
  readonly crawford?: boolean;
  readonly postCrawford?: boolean;
  readonly reason?: string;
}

export interface Challenge {
  readonly id: string;
  readonly chatId: number;
  readonly messageId: number | null;
  readonly from: { readonly id: number; readonly name: string; readonly username: string | null; readonly lang: Lang };
  /** null: open to anyone. */
  readonly target: { readonly id: number | null; readonly username: string | null; readonly name: string | null } | null;
  readonly variant: Variant;
  readonly length: number;
  readonly createdAt: number;
  /** The match's dice, fixed when the challenge was posted (its commitment is in the message). */
  readonly dice: { readonly master: string; readonly commit: string };
}

/** An invitation to play by link: its game gets the invitation's id. */
export interface Invitation {
  readonly id: string;
  readonly from: { readonly id: number; readonly name: string; readonly lang: Lang };
  readonly variant: Variant;
  readonly length: number;
  /** Matches only: play with the doubling cube. */
  readonly cube: boolean;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The match's dice, committed in the invitation. */
  readonly dice: { readonly master: string; readonly commit: string };
  /** Made from an inline message (the invitation was sent with @bot in some chat): its id. */
  readonly inlineMessageId?: string;
}

export type Orientation = 'own' | 'white';
export type ThemeName = 'wood' | 'dark';

/**
 * Rolling for a person: 'off' never; 'no-double' when doubling is not possible (the person is
 * asked only when a double could be offered); 'always' always (the person never doubles).
 */
export type AutoRoll = 'off' | 'no-double' | 'always';
export const AUTO_ROLLS: readonly AutoRoll[] = ['off', 'no-double', 'always'];

/**
 * Hints in games against the bot: 'auto' against easy and medium only (the default), 'on'
 * against every level, 'off' never. Games between people (rated) never offer hints.
 */
export type HintMode = 'auto' | 'on' | 'off';
export const HINT_MODES: readonly HintMode[] = ['auto', 'on', 'off'];

export interface UserSettings {
  readonly lang: Lang | null;
  /** 'own': each player sees the board from its own side; 'white': always from White's side. */
  readonly orientation: Orientation;
  readonly autoRoll: AutoRoll;
  /** Ask for Done after the last step (else the play is sent as soon as it is complete). */
  readonly confirm: boolean;
  readonly theme: ThemeName;
  readonly hints: HintMode;
  /** Games by link: "your move" notices and the clock's reminders (off: only the board and the claim). */
  readonly notices: boolean;
  /** Positions of this player's reviewed games may become puzzles for everyone (off unless they agree). */
  readonly sharePuzzles: boolean;
}

export const DEFAULT_SETTINGS: UserSettings = { lang: null, orientation: 'own', autoRoll: 'off', confirm: true, theme: 'wood', hints: 'auto', notices: true, sharePuzzles: false };

/** A setting a person can change, with its typed value. */
export type SettingChange =
  | { readonly key: 'lang'; readonly value: Lang }
  | { readonly key: 'orientation'; readonly value: Orientation }
  | { readonly key: 'autoRoll'; readonly value: AutoRoll }
  | { readonly key: 'confirm'; readonly value: boolean }
  | { readonly key: 'theme'; readonly value: ThemeName }
  | { readonly key: 'hints'; readonly value: HintMode }
  | { readonly key: 'notices'; readonly value: boolean }
  | { readonly key: 'sharePuzzles'; readonly value: boolean };

/** Which turn a board showed, and how many of its steps had been taken. */
export interface TurnStamp {
  readonly gameNo: number;
  readonly roll: number;
  readonly steps: number;
}

export type { ResultKind, Step };
