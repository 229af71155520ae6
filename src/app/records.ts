/**
 * Stored records and their schema versions. Every read goes through decode: the record's
 * version is checked, older versions are brought up to date by one migration function per bump
 * (never edited once released), and a record that is not what it claims is refused with a
 * RecordError instead of being trusted. Writing always uses the current version.
 */
import { GAME_SCHEMA } from '../engine/game.js';
import { MATCH_SCHEMA } from '../engine/match.js';
import { DEFAULT_SETTINGS, GAME_RECORD_SCHEMA, type Challenge, type GameRecord, type Lang, type UserSettings } from './model.js';

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
  const lang = (r.lang === 'en' ? 'en' : 'ru') as Lang;
  const kind = r.kind === 'friend' ? 'group' : 'bot';
  // A game against the bot was drawn from the person's side; a group board from White's.
  const viewer = kind === 'bot' && players.white?.kind !== 'human' ? 'black' : 'white';
  const { chatId: _c, lang: _l, note: _n, ...rest } = r;
  return { ...rest, schema: 2, kind, seats: [{ chatId, viewer, lang }], events: [] };
}

function checkGame(r: Json): GameRecord {
  if (typeof r.id !== 'string' || !/^[0-9a-z]{10}$/.test(r.id)) throw new RecordError('game record has no valid id');
  if (!Number.isInteger(r.v) || (r.v as number) < 0) throw new RecordError(`game ${r.id} has no valid version`);
  if (r.kind !== 'bot' && r.kind !== 'group') throw new RecordError(`game ${r.id} is of an unknown kind`);
  if (!Array.isArray(r.seats) || r.seats.length === 0) throw new RecordError(`game ${r.id} has no seats`);
  const match = object(r.match, `game ${r.id} match`);
  if (match.schema !== MATCH_SCHEMA) throw new RecordError(`game ${r.id}: match state of schema ${String(match.schema)}, this program reads ${MATCH_SCHEMA}`);
  const game = object(match.game, `game ${r.id} game state`);
  if (game.schema !== GAME_SCHEMA) throw new RecordError(`game ${r.id}: game state of schema ${String(game.schema)}, this program reads ${GAME_SCHEMA}`);
  object(r.players, `game ${r.id} players`);
  object(r.fair, `game ${r.id} dice record`);
  if (!Array.isArray(r.events)) throw new RecordError(`game ${r.id} has no event list`);
  return r as unknown as GameRecord;
}

export function decodeGame(raw: unknown): GameRecord {
  const r = migrate(object(raw, 'game record'), 'game record', GAME_RECORD_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), { 1: gameV1toV2 });
  return checkGame(r);
}

export function encodeGame(rec: GameRecord): string {
  return JSON.stringify(rec);
}

// ---- challenges --------------------------------------------------------------------------------

export const CHALLENGE_SCHEMA = 1;

export function decodeChallenge(raw: unknown): Challenge {
  const r = migrate(object(raw, 'challenge'), 'challenge', CHALLENGE_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), {});
  if (typeof r.id !== 'string' || typeof r.chatId !== 'number') throw new RecordError('challenge record is incomplete');
  const { schema: _s, ...challenge } = r;
  return challenge as unknown as Challenge;
}

export function encodeChallenge(c: Challenge): string {
  return JSON.stringify({ schema: CHALLENGE_SCHEMA, ...c });
}

// ---- users -------------------------------------------------------------------------------------

export const USER_SCHEMA = 2;

/** Schema 1 (the first version): the settings object itself, with no schema field. */
function userV1toV2(r: Json): Json {
  return { schema: 2, settings: { ...r } };
}

export interface UserRecord {
  readonly settings: UserSettings;
}

export function decodeUser(raw: unknown): UserRecord {
  const r = migrate(object(raw, 'user record'), 'user record', USER_SCHEMA, (x) => (x.schema === undefined ? 1 : Number(x.schema)), { 1: userV1toV2 });
  const s = object(r.settings, 'user settings');
  // Unknown or broken values fall back to the defaults, one setting at a time.
  const settings: UserSettings = {
    lang: s.lang === 'ru' || s.lang === 'en' ? s.lang : DEFAULT_SETTINGS.lang,
    orientation: s.orientation === 'white' || s.orientation === 'own' ? s.orientation : DEFAULT_SETTINGS.orientation,
    autoRoll: typeof s.autoRoll === 'boolean' ? s.autoRoll : DEFAULT_SETTINGS.autoRoll,
    confirm: typeof s.confirm === 'boolean' ? s.confirm : DEFAULT_SETTINGS.confirm,
    theme: s.theme === 'wood' || s.theme === 'dark' ? s.theme : DEFAULT_SETTINGS.theme,
  };
  return { settings };
}

export function encodeUser(u: UserRecord): string {
  return JSON.stringify({ schema: USER_SCHEMA, settings: u.settings });
}
