import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    for (const c of ['game-over', 'not-your-turn', 'wrong-phase', 'illegal-step', 'nothing-to-undo', 'play-incomplete', 'illegal-play', 'cube-not-allowed', 'resign-pending', 'bad-action', 'busy']) used.add(`toast-refused-${c}`);
    for (const c of ['start', 'play', 'rules', 'settings', 'resign', 'cancel', 'fair', 'help']) used.add(`cmd-${c}`);
    for (const lesson of [...LESSONS.long, ...LESSONS.short]) used.add(`lesson-${lesson.id}-title`).add(`lesson-${lesson.id}-text`);
    used.delete('lang');
    expect([...used].filter((k) => !ru.has(k)).sort()).toEqual([]);
  });

  it('has no Unicode isolation marks in the texts', () => {
    for (const lang of ['ru', 'en']) expect(readFileSync(new URL(`../locales/${lang}.ftl`, import.meta.url), 'utf8')).not.toMatch(/[\u2066-\u2069]/);
  });
});
