/**
 * Search settings named on a bench's command line: a level, optionally with overrides of its
 * search, `hard/candidates=8/within=0.25`, `expert/budgetMs=1000` (keys of SearchConfig in
 * src/ai/search.ts), or `hard/cubefulPlay=0` (LevelConfig's cubefulPlay: 1 on, 0 off). Used by bench:decisions (--settings) and bench:strength (--ab).
 */
import { isLevel, LEVELS, type Level, type LevelConfig } from '../src/ai/player.js';
import type { SearchConfig } from '../src/ai/search.js';

const KEYS = ['noise', 'plies', 'candidates', 'within', 'budgetMs', 'zeroWeight', 'deepCandidates', 'deepWithin', 'deepBudgetMs', 'cubefulPlay'];

export interface Setting {
  readonly name: string;
  readonly level: Level;
  readonly config: LevelConfig;
}

/** Parses one setting; `noise` starts at 0 when `quiet` (a bench measuring choices, not chance). */
export function parseSetting(spec: string, quiet = false): Setting {
  const [level, ...overrides] = spec.split('/');
  if (!isLevel(level)) throw new Error(`setting "${spec}" does not start with a level (easy, medium, hard, expert)`);
  const search: Record<string, number> = { ...LEVELS[level].search, ...(quiet ? { noise: 0 } : {}) };
  let cubefulPlay = LEVELS[level].cubefulPlay;
  for (const o of overrides) {
    const [key, value] = o.split('=');
    if (!key || !KEYS.includes(key) || value === undefined || value === '' || !Number.isFinite(Number(value)) || (key === 'cubefulPlay' && value !== '0' && value !== '1')) {
      throw new Error(`setting "${spec}": bad override "${o}" (key=number; keys: ${KEYS.join(', ')}; cubefulPlay 0 or 1)`);
    }
    if (key === 'cubefulPlay') cubefulPlay = value === '1';
    else search[key] = Number(value);
  }
  return { name: spec, level, config: { ...LEVELS[level], cubefulPlay, search: search as unknown as SearchConfig } };
}
