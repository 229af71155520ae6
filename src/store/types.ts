import type { MatchState } from '../engine/match.js';
import type { Side, Variant } from '../engine/types.js';

export type Lang = 'ru' | 'en';
export type BotLevel = 'easy' | 'medium' | 'hard' | 'expert';

export type PlayerRef =
  | { readonly kind: 'human'; readonly id: number; readonly name: string; readonly lang: Lang }
  | { readonly kind: 'bot'; readonly level: BotLevel };

/** One game of a match as its dice were fair: the secret seed, its published hash, the rolls. */
export interface FairRecord {
  /** The HMAC message prefix of the rolls: `${gameId}:${gameNo}`. */
  readonly key: string;
  readonly seed: string;
  readonly hash: string;
  /** Rolls as two digits each (filled in when the game ends). */
  readonly rolls: string;
}

export interface GameRecord {
  readonly id: string;
  /** Bumped on every change: compare-and-set and stale buttons use it. */
  readonly v: number;
  readonly kind: 'bot' | 'friend';
  readonly chatId: number;
  /** The language of the shared caption (the challenger's). */
  readonly lang: Lang;
  readonly players: Readonly<Record<Side, PlayerRef>>;
  readonly match: MatchState;
  /** The current game's dice: the seed stays secret until the game ends. */
  readonly fair: FairRecord;
  /** Earlier games of the match, seeds revealed. */
  readonly archive: readonly FairRecord[];
  /** A note for the caption about what just happened (a locale key and its arguments). */
  readonly note: { readonly key: string; readonly args?: Readonly<Record<string, string | number>> } | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finished: boolean;
}

export interface BoardMessage {
  readonly chatId: number;
  readonly messageId: number;
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

export interface UserSettings {
  readonly lang: Lang | null;
  /** 'own': each player sees the board from its own side; 'white': always from White's side. */
  readonly orientation: 'own' | 'white';
  readonly autoRoll: boolean;
  /** Ask for Done after the last step (else the play is sent as soon as it is complete). */
  readonly confirm: boolean;
  readonly theme: 'wood' | 'dark';
}

export const DEFAULT_SETTINGS: UserSettings = { lang: null, orientation: 'own', autoRoll: false, confirm: true, theme: 'wood' };

/** A user's settings, the defaults filling in whatever was never set. */
export async function readSettings(store: Pick<Store, 'getUser'>, userId: number): Promise<UserSettings> {
  return { ...DEFAULT_SETTINGS, ...((await store.getUser(userId)) ?? {}) };
}

export interface StoreTtl {
  readonly challengeSeconds: number;
  readonly finishedSeconds: number;
  readonly idleSeconds: number;
}

/** Game storage. Both implementations pass the same contract tests (test/store). */
export interface Store {
  readonly kind: 'redis' | 'memory';
  getGame(id: string): Promise<GameRecord | null>;
  /** Store a new game (v must be 0) and index it under its chat. False if the id exists. */
  createGame(game: GameRecord): Promise<boolean>;
  /**
   * Compare-and-set: write `game` (whose v must be expectedV + 1) only if the stored version is
   * still expectedV. Finished games leave the chat index and expire later; active ones expire
   * after a long idle time. Returns false when someone else changed it first (or it is gone).
   */
  saveGame(game: GameRecord, expectedV: number): Promise<boolean>;
  /** Ids of the unfinished games of a chat. */
  activeGames(chatId: number): Promise<string[]>;
  /** A group became a supergroup: move the chat's index (the records are updated by the caller). */
  moveChat(fromChatId: number, toChatId: number): Promise<string[]>;
  /** Where a game's board message is (kept apart from the record so it never changes the version). */
  getBoard(gameId: string): Promise<BoardMessage | null>;
  setBoard(gameId: string, board: BoardMessage | null): Promise<void>;
  putChallenge(c: Challenge): Promise<void>;
  getChallenge(id: string): Promise<Challenge | null>;
  /** Atomically take (get and delete) a challenge: of two takers, one gets it, the other null. */
  takeChallenge(id: string): Promise<Challenge | null>;
  chatChallenges(chatId: number): Promise<Challenge[]>;
  /** Small JSON values with a TTL (the state of dialogues). */
  getState(key: string): Promise<unknown>;
  setState(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  deleteState(key: string): Promise<void>;
  getUser(id: number): Promise<UserSettings | null>;
  putUser(id: number, settings: UserSettings): Promise<void>;
  close(): Promise<void>;
}
