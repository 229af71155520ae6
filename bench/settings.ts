/**
 * Search settings named on a bench's command line: a level, optionally with overrides of its
 * search, `hard/candidates=8/within=0.25`, `expert/budgetMs=1000` (keys of SearchConfig in
 * src/ai/search.ts; `noise=X` is the noise in both games, long nardy's own included), `hard/cubefulPlay=0` (LevelConfig's cubefulPlay: 1 on, 0 off), or of its
 * cube, `hard/cubePlies=1` (0, 1 or 2), `hard/cubeDeepWithin=0.25/cubeDeepBudgetMs=1000`
 * (LevelConfig), `hard/prune=0` (the pruning net: the plays it keeps a roll, 0 for none). Used by bench:decisions (--settings), bench:strength (--ab) and
 * bench/cube-replay.ts (--settings).
 */
import { isLevel, LEVELS, withNoise, type Level, type LevelConfig } from '../src/ai/player.js';
import type { SearchConfig } from '../src/ai/search.js';

const KEYS = ['noise', 'plies', 'candidates', 'within', 'budgetMs', 'zeroWeight', 'deepCandidates', 'deepWithin', 'deepBudgetMs', 'cubefulPlay', 'cubePlies', 'cubeDeepWithin', 'cubeDeepBudgetMs'];

export interface Setting {
  readonly name: string;
  readonly level: Level;
  readonly config: LevelConfig;
  /**
   * `prune=K`: the search's pruning net keeps K plays a roll at the inner layers (0: no pruning
   * net); absent: as the bot plays (player.ts, playersSearch).
   */
  readonly prune?: number;
}

/** Parses one setting; `noise` starts at 0 when `quiet` (a bench measuring choices, not chance). */
export function parseSetting(spec: string, quiet = false): Setting {
  const [level, ...overrides] = spec.split('/');
  if (!isLevel(level)) throw new Error(`setting "${spec}" does not start with a level (easy, medium, hard, expert)`);
  const search: Record<string, number> = { ...LEVELS[level].search, ...(quiet ? { noise: 0 } : {}) };
  let cubefulPlay = LEVELS[level].cubefulPlay;
  let cubePlies = LEVELS[level].cubePlies;
  let cubeDeepWithin = LEVELS[level].cubeDeepWithin;
  let cubeDeepBudgetMs = LEVELS[level].cubeDeepBudgetMs;
  let prune: number | undefined;
  for (const o of overrides) {
    const [key, value] = o.split('=');
    if (key === 'prune') {
      if (value === undefined || !/^\d{1,3}$/.test(value)) throw new Error(`setting "${spec}": bad override "${o}" (prune=K: the plays the pruning net keeps, 0 for none)`);
      prune = Number(value);
      continue;
    }
    if (!key || !KEYS.includes(key) || value === undefined || value === '' || !Number.isFinite(Number(value)) || (key === 'cubefulPlay' && value !== '0' && value !== '1') || (key === 'cubePlies' && !['0', '1', '2'].includes(value))) {
      throw new Error(`setting "${spec}": bad override "${o}" (key=number; keys: ${KEYS.join(', ')}; cubefulPlay 0 or 1; cubePlies 0, 1 or 2)`);
    }
    if (key === 'cubefulPlay') cubefulPlay = value === '1';
    else if (key === 'cubePlies') cubePlies = Number(value) as 0 | 1 | 2;
    else if (key === 'cubeDeepWithin') cubeDeepWithin = Number(value);
    else if (key === 'cubeDeepBudgetMs') cubeDeepBudgetMs = Number(value);
    else search[key] = Number(value);
  }
  const config: LevelConfig = { ...LEVELS[level], cubefulPlay, cubePlies, cubeDeepWithin, cubeDeepBudgetMs, search: search as unknown as SearchConfig };
  // A noise named here (or `quiet`'s 0) is the noise in both games: it replaces long nardy's own.
  const noiseSet = quiet || overrides.some((o) => o.split('=')[0] === 'noise');
  return { name: spec, level, ...(prune === undefined ? {} : { prune }), config: noiseSet ? withNoise(config, config.search.noise) : config };
}
