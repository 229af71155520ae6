import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_ERROR_CODES } from '../src/engine/game.js';
import { LESSONS } from '../src/lessons/lessons.js';

const keys = (lang: string): Set<string> =>
  new Set(readFileSync(new URL(`../locales/${lang}.ftl`, import.meta.url), 'utf8').split('\n').map((l) => /^([a-z][a-z0-9-]*) =/.exec(l)?.[1]).filter((k): k is string => !!k));

function sourceFiles(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(new URL(`${e.name}/`, dir)) : e.name.endsWith('.ts') ? [readFileSync(new URL(e.name, dir), 'utf8')] : []));
}

describe('locales', () => {
  const ru = keys('ru');
  const en = keys('en');

  it('Russian and English have the same messages', () => {
    expect([...ru].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !ru.has(k))).toEqual([]);
  });

  it('every message the code names exists', () => {
    const code = sourceFiles(new URL('../src/', import.meta.url)).join('\n');
    const used = new Set<string>();
    for (const m of code.matchAll(/\bt\('([a-z][a-z0-9-]+)'/g)) used.add(m[1]!);
    for (const v of ['long', 'short']) used.add(`variant-${v}`);
    for (const l of ['easy', 'medium', 'hard', 'expert']) used.add(`level-${l}`);
    for (const r of ['oin', 'mars', 'single', 'gammon', 'backgammon', 'draw']) used.add(`result-${r}`);
    // Every refusal the engine can give is worded (the list comes from the engine itself).
    for (const c of GAME_ERROR_CODES) used.add(`toast-refused-${c}`);
    for (const c of ['start', 'play', 'rules', 'settings', 'resign', 'cancel', 'fair', 'help']) used.add(`cmd-${c}`);
    for (const lesson of [...LESSONS.long, ...LESSONS.short]) used.add(`lesson-${lesson.id}-title`).add(`lesson-${lesson.id}-text`);
    used.delete('lang');
    expect([...used].filter((k) => !ru.has(k)).sort()).toEqual([]);
  });

  it('has no Unicode isolation marks in the texts', () => {
    for (const lang of ['ru', 'en']) expect(readFileSync(new URL(`../locales/${lang}.ftl`, import.meta.url), 'utf8')).not.toMatch(/[\u2066-\u2069]/);
  });

  it('numbers meet nouns in the right plural form', async () => {
    const { createI18n } = await import('../src/bot/i18n.js');
    const i18n = createI18n('en', async () => 'en');
    const t = (lang: 'ru' | 'en', key: string, args: Record<string, string | number>) => i18n.t(lang, key, args);
    const review = { name: 'A', rate: '1.0', doubtful: 0, bad: 0, verybad: 0, luck: '+0.00' };
    expect(t('ru', 'review-player', { ...review, unforced: 1 })).toContain('за 1 ход;');
    expect(t('ru', 'review-player', { ...review, unforced: 22 })).toContain('за 22 хода;');
    expect(t('ru', 'review-player', { ...review, unforced: 25 })).toContain('за 25 ходов;');
    expect(t('en', 'review-player', { ...review, unforced: 1 })).toContain('over 1 move;');
    expect(t('en', 'review-player', { ...review, unforced: 2 })).toContain('over 2 moves;');
    const fair = { seed: 's', commit: 'c', key: 'k', digits: '', client: '', id: 'x' };
    expect(t('ru', 'fair-ok', { ...fair, k: 1, rolls: 40 })).toContain('после 1 хеширования');
    expect(t('ru', 'fair-ok', { ...fair, k: 3, rolls: 40 })).toContain('после 3 хеширований');
    expect(t('en', 'fair-ok', { ...fair, k: 1, rolls: 1 })).toMatch(/hashes once .* gives the one roll/);
    expect(t('en', 'top-row', { place: 1, name: 'A', rating: '1500', matches: 1 })).toMatch(/\(1 match\)$/);
    expect(t('en', 'top-row', { place: 1, name: 'A', rating: '1500', matches: 3 })).toMatch(/\(3 matches\)$/);
  });
});
