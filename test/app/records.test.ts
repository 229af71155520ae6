/** Stored records carry a schema version checked on every read; older ones are migrated. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_RECORD_SCHEMA } from '../../src/app/model.js';
import { decodeGame, decodeUser, encodeGame, RecordError } from '../../src/app/records.js';

const v1 = JSON.parse(readFileSync(new URL('../fixtures/records/game-v1.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('game records', () => {
  it('a record of the previous schema (1) is read and brought to the current one', () => {
    const rec = decodeGame(structuredClone(v1));
    expect(rec.schema).toBe(GAME_RECORD_SCHEMA);
    expect(rec.kind).toBe('group');
    // The group board is drawn with the challenger's (White's) settings; dice of the first scheme.
    expect(rec.seats).toEqual([{ chatId: -100777, viewer: 'white', lang: 'en', owner: (v1.players as { white: { id: number } }).white.id }]);
    expect(rec.fair.scheme).toBe(1);
    expect(rec.dice.master).toBe('');
    expect(rec.events).toEqual([]);
    expect('note' in rec).toBe(false);
    expect(rec.match).toEqual(v1.match);
    // Written back, it reads as itself.
    expect(decodeGame(JSON.parse(encodeGame(rec)))).toEqual(rec);
  });

  it('a game against the bot keeps the person\'s side as the board\'s point of view', () => {
    const bot = { ...structuredClone(v1), kind: 'bot', players: { white: { kind: 'bot', level: 'easy' }, black: { kind: 'human', id: 5, name: 'B', lang: 'ru' } } };
    expect(decodeGame(bot).seats[0]!.viewer).toBe('black');
  });

  it('refuses records it cannot trust', () => {
    const current = decodeGame(structuredClone(v1));
    expect(() => decodeGame({ ...current, schema: GAME_RECORD_SCHEMA + 1 })).toThrow(RecordError);
    expect(() => decodeGame({ ...current, match: { ...current.match, schema: 99 } })).toThrow(/match state of schema 99/);
    expect(() => decodeGame({ ...current, match: { ...current.match, game: { ...current.match.game, schema: 7 } } })).toThrow(/game state of schema 7/);
    expect(() => decodeGame({ ...current, id: '../etc' })).toThrow(RecordError);
    expect(() => decodeGame('not an object')).toThrow(RecordError);
    expect(() => decodeGame({ ...current, schema: 0 })).toThrow(RecordError);
  });
});

describe('user records', () => {
  it('the first version stored the settings themselves: they are migrated', () => {
    // Auto-roll "on" of the first versions meant "unless I can double".
    expect(decodeUser({ lang: 'en', orientation: 'white', autoRoll: true, confirm: false, theme: 'dark' }).settings).toEqual({ lang: 'en', orientation: 'white', autoRoll: 'no-double', confirm: false, theme: 'dark', hints: 'auto', notices: true, sharePuzzles: false });
    expect(decodeUser({ schema: 2, settings: { autoRoll: false } }).settings.autoRoll).toBe('off');
    expect(decodeUser({ schema: 2, settings: {} })).toMatchObject({ fair: { next: null, seed: null }, lastGame: null });
  });
  it('broken values fall back to the defaults one by one', () => {
    expect(decodeUser({ schema: 2, settings: { lang: 'de', theme: 'dark', autoRoll: 'yes', hints: 'sometimes' } }).settings).toMatchObject({ lang: null, theme: 'dark', autoRoll: 'off', hints: 'auto' });
    expect(decodeUser({ schema: 3, settings: { hints: 'off' } }).settings.hints).toBe('off');
    expect(decodeUser({ schema: 3, settings: { autoRoll: 'sometimes' }, fair: { next: 'xyz', seed: 'has space' }, lastGame: '../x' })).toMatchObject({ settings: { autoRoll: 'off' }, fair: { next: null, seed: null }, lastGame: null });
  });
});
