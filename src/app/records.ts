/**
 * Stored records and their schema versions. Every read goes through decode: the record's
 * version is checked, older versions are brought up to date by one migration function per bump
 * (never edited once released), and a record that is not what it claims is refused with a
 * RecordError instead of being trusted. Writing always uses the current version.
 */
import { randomBytes } from 'node:crypto';
import { chainCommit } from '../engine/dice.js';
import { GAME_SCHEMA } from '../engine/game.js';
import { MATCH_SCHEMA } from '../engine/match.js';
import { AUTO_ROLLS, DEFAULT_SETTINGS, isLang, GAME_RECORD_SCHEMA, HINT_MODES, type Challenge, type Invitation, type GameRecord, type Lang, type UserSettings } from './model.js';

export class RecordError extends Error {}

type Json = Record<string, unknown>;

function object(raw: unknown, what: string): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RecordError(`${what} is not an object`);
  return raw as Json;
}

/** Run the migrations from the record's version up to `current`. */
function migrate(raw: Json, what: string, current: number, versionOf: (r: Json) => number, steps: Readonly<Record<number, (r: Json) => Json>>): Json {
  let r = raw;
  let v = versionOf(r);
  if (!Number.isInteger(v) || v < 1) throw new RecordError(`${what} has no valid schema version`);
  if (v > current) throw new RecordError(`${what} is of schema ${v}, newer than this program's ${current}`);
  while (v < current) {
    const step = steps[v];
    if (!step) throw new RecordError(`${what}: no migration from schema ${v}`);
    r = step(r);
    v++;
  }
  return r;
}

// ---- games ------------------------------------------------------------------------------------

/** Schema 1 (the first version): kind bot|friend, one chatId and language, a caption note with a locale key. */
function gameV1toV2(r: Json): Json {
  const players = object(r.players, 'game players') as Record<'white' | 'black', Json>;
  const chatId = Number(r.chatId);
  const lang: Lang = isLang(r.lang) ? r.lang : 'ru';
  const kind = r.kind === 'friend' ? 'group' : 'bot';
  // A game against the bot was drawn from the person's side; a group board from White's.
  const viewer = kind === 'bot' && players.white?.kind !== 'human' ? 'black' : 'white';
  const { chatId: _c, lang: _l, note: _n, ...rest } = r;
  return { ...rest, schema: 2, kind, seats: [{ chatId, viewer, lang }], events: [] };
}

/**
 * Schema 2 -> 3: the seat says whose settings draw it (the person in a game against the bot,
 * White in a group: the challenger); the dice records say their scheme (1: a seed per game);
 * the match's dice chain is empty, so the rest of such a match keeps the first scheme.
 */
function gameV2toV3(r: Json): Json {
  const players = object(r.players, 'game players') as Record<'white' | 'black', Json>;
  const human = (side: 'white' | 'black'): number | null => (players[side]?.kind === 'human' && typeof players[side]?.id === 'number' ? (players[side]!.id as number) : null);
  const seats = (Array.isArray(r.seats) ? r.seats : []).map((seat: Json) => ({ ...seat, owner: r.kind === 'bot' ? (human('white') ?? human('black')) : human('white') }));
  const scheme1 = (f: unknown): Json => ({ ...object(f, 'game dice record'), scheme: 1 });
  return {
    ...r,
    schema: 3,
    seats,
    fair: scheme1(r.fair),
    archive: (Array.isArray(r.archive) ? r.archive : []).map(scheme1),
    dice: { master: '', commit: '', client: '', base: 0 },
  };
}

function checkGame(r: Json): GameRecord {
  if (typeof r.id !== 'string' || !/^[0-9a-z]{10}$/.test(r.id)) throw new RecordError('game record has no valid id');
  if (!Number.isInteger(r.v) || (r.v as number) < 0) throw new RecordError(`game ${r.id} has no valid version`);
  if (r.kind !== 'bot' && r.kind !== 'group' && r.kind !== 'link') throw new RecordError(`game ${r.id} is of an unknown kind`);
  if (!Array.isArray(r.seats) || r.seats.length === 0) throw new RecordError(`game ${r.id} has no seats`);
  const match = object(r.match, `game ${r.id} match`);
  if (match.schema !== MATCH_SCHEMA) throw new RecordError(`game ${r.id}: match state of schema ${String(match.schema)}, this program reads ${MATCH_SCHEMA}`);
  const game = object(match.game, `game ${r.id} game state`);
  if (game.schema !== GAME_SCHEMA) throw new RecordError(`game ${r.id}: game state of schema ${String(game.schema)}, this program reads ${GAME_SCHEMA}`);
  object(r.players, `game ${r.id} players`);
  const fair = object(r.fair, `game ${r.id} dice record`);
  if (fair.scheme !== 1 && fair.scheme !== 2) throw new RecordError(`game ${r.id}: dice record of an unknown scheme`);
  object(r.dice, `game ${r.id} match dice`);
  if (!Array.isArray(r.events)) throw new RecordError(`game ${r.id} has no event list`);
  return r as unknown as GameRecord;
}

export function decodeGame(raw: unknown): GameRecord {
  const r = migrate(object(raw, 'game record'), 'game record', GAME_RECORD_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), { 1: gameV1toV2, 2: gameV2toV3 });
  return checkGame(r);
}

export function encodeGame(rec: GameRecord): string {
  return JSON.stringify(rec);
}

// ---- challenges --------------------------------------------------------------------------------

export const CHALLENGE_SCHEMA = 2;

/** Schema 1 -> 2: the match's dice chain is fixed with the challenge (a fresh one for old ones). */
function challengeV1toV2(r: Json): Json {
  const master = randomBytes(32).toString('hex');
  return { ...r, schema: 2, dice: { master, commit: chainCommit(master) } };
}

export function decodeChallenge(raw: unknown): Challenge {
  const r = migrate(object(raw, 'challenge'), 'challenge', CHALLENGE_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), { 1: challengeV1toV2 });
  if (typeof r.id !== 'string' || typeof r.chatId !== 'number') throw new RecordError('challenge record is incomplete');
  const dice = object(r.dice, 'challenge dice');
  if (typeof dice.master !== 'string' || typeof dice.commit !== 'string') throw new RecordError('challenge record has no dice chain');
  const { schema: _s, ...challenge } = r;
  return challenge as unknown as Challenge;
}

export function encodeChallenge(c: Challenge): string {
  return JSON.stringify({ schema: CHALLENGE_SCHEMA, ...c });
}

// ---- invitations --------------------------------------------------------------------------------

export const INVITATION_SCHEMA = 1;

export function decodeInvitation(raw: unknown): Invitation {
  const r = migrate(object(raw, 'invitation'), 'invitation', INVITATION_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), {});
  if (typeof r.id !== 'string' || !/^[0-9a-z]{10}$/.test(r.id)) throw new RecordError('invitation has no valid id');
  const from = object(r.from, 'invitation sender');
  if (typeof from.id !== 'number' || typeof from.name !== 'string') throw new RecordError('invitation has no valid sender');
  if (r.variant !== 'long' && r.variant !== 'short') throw new RecordError('invitation of an unknown game');
  if (!Number.isInteger(r.length) || (r.length as number) < 1 || (r.length as number) > 25) throw new RecordError('invitation has no valid length');
  const dice = object(r.dice, 'invitation dice');
  if (typeof dice.master !== 'string' || typeof dice.commit !== 'string') throw new RecordError('invitation has no dice chain');
  const { schema: _s, ...inv } = r;
  return inv as unknown as Invitation;
}

export function encodeInvitation(i: Invitation): string {
  return JSON.stringify({ schema: INVITATION_SCHEMA, ...i });
}

// ---- users -------------------------------------------------------------------------------------

export const USER_SCHEMA = 3;

/** Schema 1 (the first version): the settings object itself, with no schema field. */
function userV1toV2(r: Json): Json {
  return { schema: 2, settings: { ...r } };
}

/** Schema 2 -> 3: auto-roll has three values (on was "unless I can double"); fair-dice state. */
function userV2toV3(r: Json): Json {
  const s = object(r.settings, 'user settings');
  const autoRoll = s.autoRoll === true ? 'no-double' : s.autoRoll === false ? 'off' : s.autoRoll;
  return { ...r, schema: 3, settings: { ...s, autoRoll }, fair: { next: null, seed: null }, lastGame: null };
}

export interface UserFair {
  /** The secret master of the next match's dice chain (its commitment is shown in advance). */
  readonly next: string | null;
  /** The person's own client seed (null: the id of their start or accept press). */
  readonly seed: string | null;
}

export interface UserRecord {
  readonly settings: UserSettings;
  readonly fair: UserFair;
  /** The last game of theirs that ended (plain /fair checks it). */
  readonly lastGame: string | null;
  /** The name Telegram last gave (for invitations made inline, which carry only the id). */
  readonly name?: string;
  /** The language Telegram last gave (spoken to them when a message goes out without their update). */
  readonly spoken?: Lang;
}

/**
 * What a client seed may be: 1 to 64 printable characters of any script (котик, 🎲) without spaces,
 * colons (the roll key's separator) or control and format characters.
 */
export const CLIENT_SEED = /^[^\s:\p{C}]{1,64}$/u;

export function decodeUser(raw: unknown): UserRecord {
  const r = migrate(object(raw, 'user record'), 'user record', USER_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), { 1: userV1toV2, 2: userV2toV3 });
  const s = object(r.settings, 'user settings');
  // Unknown or broken values fall back to the defaults, one setting at a time.
  const settings: UserSettings = {
    lang: isLang(s.lang) ? s.lang : DEFAULT_SETTINGS.lang,
    orientation: s.orientation === 'white' || s.orientation === 'own' ? s.orientation : DEFAULT_SETTINGS.orientation,
    autoRoll: (AUTO_ROLLS as readonly unknown[]).includes(s.autoRoll) ? (s.autoRoll as UserSettings['autoRoll']) : DEFAULT_SETTINGS.autoRoll,
    confirm: typeof s.confirm === 'boolean' ? s.confirm : DEFAULT_SETTINGS.confirm,
    theme: s.theme === 'wood' || s.theme === 'dark' ? s.theme : DEFAULT_SETTINGS.theme,
    hints: (HINT_MODES as readonly unknown[]).includes(s.hints) ? (s.hints as UserSettings['hints']) : DEFAULT_SETTINGS.hints,
    notices: typeof s.notices === 'boolean' ? s.notices : DEFAULT_SETTINGS.notices,
    sharePuzzles: typeof s.sharePuzzles === 'boolean' ? s.sharePuzzles : DEFAULT_SETTINGS.sharePuzzles,
  };
  const f = typeof r.fair === 'object' && r.fair !== null ? (r.fair as Json) : {};
  const fair: UserFair = {
    next: typeof f.next === 'string' && /^[0-9a-f]{64}$/.test(f.next) ? f.next : null,
    seed: typeof f.seed === 'string' && CLIENT_SEED.test(f.seed) ? f.seed : null,
  };
  const lastGame = typeof r.lastGame === 'string' && /^[0-9a-z]{10}$/.test(r.lastGame) ? r.lastGame : null;
  const name = typeof r.name === 'string' && r.name.length > 0 && r.name.length <= 64 ? r.name : undefined;
  const spoken = isLang(r.spoken) ? r.spoken : undefined;
  return { settings, fair, lastGame, ...(name ? { name } : {}), ...(spoken ? { spoken } : {}) };
}

export function encodeUser(u: UserRecord): string {
  return JSON.stringify({ schema: USER_SCHEMA, settings: u.settings, fair: u.fair, lastGame: u.lastGame, ...(u.name ? { name: u.name } : {}), ...(u.spoken ? { spoken: u.spoken } : {}) });
}

export const EMPTY_USER: UserRecord = { settings: DEFAULT_SETTINGS, fair: { next: null, seed: null }, lastGame: null };
