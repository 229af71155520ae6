/**
 * The domain of the bot as the use cases see it: players, games and their boards, challenges,
 * settings. Plain JSON values; the store keeps them as they are, records.ts checks their schema
 * on every read.
 */
import type { Level } from '../ai/player.js';
import type { MatchState } from '../engine/match.js';
import type { Die, Side, Step, Variant } from '../engine/types.js';
import type { ResignLevel, ResultKind } from '../engine/game.js';

export type Lang = 'ru' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'en'];

export type BotLevel = Level;

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

/** bot: a person against the bot in a private chat; group: two people on one board in a group. */
export type GameKind = 'bot' | 'group';

/** A board of a game: the chat it is in, whose side it is drawn from, its language. */
export interface Seat {
  readonly chatId: number;
  readonly viewer: Side;
  readonly lang: Lang;
}

/** One game of a match as its dice were fair: the secret seed, its published hash, the rolls. */
export interface FairRecord {
  /** The HMAC message prefix of the rolls: `${gameId}:${gameNo}`. */
  readonly key: string;
  readonly seed: string;
  readonly hash: string;
  /** Rolls as two digits each (filled in when the game ends). */
  readonly rolls: string;
}

/**
 * What happened in a game since a person last acted, for the caption: the use cases record
 * these facts and the bot layer words them (no locale keys below the bot).
 */
export type GameEvent =
  | { readonly type: 'opening'; readonly white: Die; readonly black: Die }
  | { readonly type: 'forced'; readonly side: Side; readonly dice: readonly [Die, Die]; readonly play: string }
  | { readonly type: 'no-move'; readonly side: Side; readonly dice: readonly [Die, Die] }
  | { readonly type: 'doubled'; readonly side: Side; readonly value: number }
  | { readonly type: 'took'; readonly side: Side; readonly value: number }
  | { readonly type: 'dropped'; readonly side: Side }
  | { readonly type: 'resign-offered'; readonly side: Side; readonly level: ResignLevel }
  | { readonly type: 'resign-declined'; readonly side: Side }
  | { readonly type: 'forfeit'; readonly side: Side }
  | { readonly type: 'rematched' };

export const GAME_RECORD_SCHEMA = 2;

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
  /** The current game's dice: the seed stays secret until the game ends. */
  readonly fair: FairRecord;
  /** Earlier games of the match, seeds revealed. */
  readonly archive: readonly FairRecord[];
  readonly events: readonly GameEvent[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finished: boolean;
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
}

export type Orientation = 'own' | 'white';
export type ThemeName = 'wood' | 'dark';

export interface UserSettings {
  readonly lang: Lang | null;
  /** 'own': each player sees the board from its own side; 'white': always from White's side. */
  readonly orientation: Orientation;
  readonly autoRoll: boolean;
  /** Ask for Done after the last step (else the play is sent as soon as it is complete). */
  readonly confirm: boolean;
  readonly theme: ThemeName;
}

export const DEFAULT_SETTINGS: UserSettings = { lang: null, orientation: 'own', autoRoll: false, confirm: true, theme: 'wood' };

/** A setting a person can change, with its typed value. */
export type SettingChange =
  | { readonly key: 'lang'; readonly value: Lang }
  | { readonly key: 'orientation'; readonly value: Orientation }
  | { readonly key: 'autoRoll'; readonly value: boolean }
  | { readonly key: 'confirm'; readonly value: boolean }
  | { readonly key: 'theme'; readonly value: ThemeName };

/** Which turn a board showed, and how many of its steps had been taken. */
export interface TurnStamp {
  readonly gameNo: number;
  readonly roll: number;
  readonly steps: number;
}

export type { ResultKind, Step };
