/** Players without Telegram: typed settings, the language chosen or taken from Telegram. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/app/model.js';
import { langFromTelegram, Players } from '../../src/app/players.js';
import { MemoryStore } from '../../src/store/index.js';

describe('players', () => {
  it('settings start at the defaults and change one typed value at a time', async () => {
    const p = new Players(new MemoryStore({ challengeSeconds: 1, finishedSeconds: 1, idleSeconds: 1 }), 'ru');
    expect(await p.settings(7)).toEqual(DEFAULT_SETTINGS);
    await p.change(7, { key: 'theme', value: 'dark' });
    await p.change(7, { key: 'autoRoll', value: 'always' });
    expect(await p.settings(7)).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', autoRoll: 'always' });
  });

  it('the language: the one chosen, else Telegram\'s, else the default', async () => {
    const p = new Players(new MemoryStore({ challengeSeconds: 1, finishedSeconds: 1, idleSeconds: 1 }), 'ru');
    expect(await p.language(1, 'en-GB')).toBe('en');
    expect(await p.language(1, 'uk')).toBe('ru');
    expect(await p.language(1, undefined)).toBe('ru');
    await p.change(1, { key: 'lang', value: 'en' });
    expect(await p.language(1, 'ru')).toBe('en');
    expect(langFromTelegram('de', 'ru')).toBe('en');
  });
});
