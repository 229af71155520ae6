/** The export a person gets: only the rule options of its game, names in the reader's language, read back whole. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import { exportFile } from '../../src/app/export.js';
import { parseExport } from '../../src/engine/gamefile.js';
import { defaultRules } from '../../src/engine/rules.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };

describe('the export file', () => {
  it('lists only the options of its game; names as the reader says them; reads back with the defaults for the rest', async () => {
    const app = createApp(new MemoryStore(ttl), { defaultLanguage: 'en', warn: () => undefined });
    const ann = { kind: 'human' as const, id: 1, name: 'Ann', lang: 'en' as const };
    const short = await app.games.start({ kind: 'bot', chatId: 1, lang: 'en', white: ann, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
    const f = exportFile(short, { white: 'Ann', black: 'Бот (лёгкий)' });
    expect(Object.keys(f.rules).sort()).toEqual(['cube', 'opening']);
    expect(f.players.black).toBe('Бот (лёгкий)');
    expect(parseExport(JSON.parse(JSON.stringify(f))).rules).toEqual(short.match.rules);
    expect(short.match.rules).toEqual({ ...defaultRules('short'), cube: false });
    const long = await app.games.start({ kind: 'bot', chatId: 1, lang: 'en', white: ann, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 3 });
    const g = exportFile(long, { white: 'Ann', black: 'Bot (easy)' });
    expect(Object.keys(g.rules).sort()).toEqual(['block', 'cube', 'headException', 'lastRollDraw', 'opening']);
    expect(parseExport(JSON.parse(JSON.stringify(g))).rules).toEqual(long.match.rules);
    const cubed = await app.games.start({ kind: 'bot', chatId: 1, lang: 'en', white: ann, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 5, cube: true });
    expect(exportFile(cubed, { white: 'a', black: 'b' }).rules).toEqual({ opening: cubed.match.rules.opening, cube: true, crawford: cubed.match.rules.crawford });
  });

  it('the .mat caption explains why the figures of gnubg for a single game differ, in both languages', async () => {
    const { botHarness } = await import('../helpers/bot-harness.js');
    const s = botHarness().created.services;
    expect(s.t('en')('export-mat-single')).toMatch(/match to one point.*gammon/);
    expect(s.t('ru')('export-mat-single')).toMatch(/матч до одного очка.*марс/);
  });
});
