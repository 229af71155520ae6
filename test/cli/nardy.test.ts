import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/index.js';

/**
 * The command line as compiled (dist/cli/nardy.js: the global setup builds it afresh), which
 * starts on under half the processor time of tsx; `fromSource` as `npm run nardy` runs it.
 */
function nardy(args: string[], input = '', fromSource = false): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [...(fromSource ? ['--import', 'tsx', 'src/cli/nardy.ts'] : ['dist/cli/nardy.js']), ...args], { input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run nardy -- plays (SPEC §3)', () => {
  it('answers each JSON line in order with count and plays (run as npm run nardy runs it)', () => {
    const lines = [
      { position: startPosition('short'), dice: [3, 1] },
      { position: startPosition('long'), dice: [6, 5], rules: { block: 'off' } },
    ];
    const r = nardy(['plays'], lines.map((l) => JSON.stringify(l)).join('\n') + '\n', true);
    expect(r.code).toBe(0);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(2);
    expect(out[0].count).toBe(16);
    expect(out[0].plays).toHaveLength(16);
    expect(out[1]).toEqual({
      count: 1,
      plays: [{ moves: [[24, 18], [18, 13]], position: { variant: 'long', turn: 'black', white: [0, ...new Array(12).fill(0), 1, ...new Array(10).fill(0), 14, 0], black: startPosition('long').black } }],
    });
  });

  it('rule keys that are names of object properties are errors of their line; earlier answers are kept', () => {
    const good = JSON.stringify({ position: startPosition('long'), dice: [1, 2] });
    const input = [good, ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((k) => `{"position": ${JSON.stringify(startPosition('long'))}, "dice": [1, 2], "rules": {"${k}": "strict"}}`), good].join('\n');
    const r = nardy(['plays'], input);
    expect(r.code).toBe(1);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(6);
    expect(out[0].count).toBeGreaterThan(0);
    for (const [i, k] of ['constructor', '__proto__', 'toString', 'hasOwnProperty'].entries()) expect(out[i + 1].error).toBe(`unknown rule option "${k}"`);
    expect(out[5].count).toBe(out[0].count);
  });

  it('a bad line gives an error line, processing goes on, and the exit code is 1', () => {
    const good = JSON.stringify({ position: startPosition('long'), dice: [1, 2] });
    const input = ['not json', JSON.stringify({ position: { variant: 'long' }, dice: [1, 2] }), JSON.stringify({ position: startPosition('long'), dice: [0, 7] }), JSON.stringify({ position: startPosition('long'), dice: [1, 2], rules: { block: 'sometimes' } }), good].join('\n');
    const r = nardy(['plays'], input);
    expect(r.code).toBe(1);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(5);
    expect(out[0].error).toMatch(/JSON/);
    expect(out[1].error).toMatch(/turn/);
    expect(out[2].error).toMatch(/dice/);
    expect(out[3].error).toMatch(/block/);
    expect(out[4].count).toBeGreaterThan(0);
  });

  it('a roll with no legal move gives count 0', () => {
    const white = new Array(26).fill(0);
    white[25] = 1;
    white[13] = 14;
    const black = new Array(26).fill(0);
    [1, 2, 3, 4, 5].forEach((p) => (black[p] = 2));
    black[6] = 5;
    const r = nardy(['plays'], JSON.stringify({ position: { variant: 'short', turn: 'white', white, black }, dice: [6, 6] }));
    expect(JSON.parse(r.out)).toEqual({ count: 0, plays: [] });
  });
});

describe('other subcommands', () => {
  it('show prints a text board from JSON or an id; a bad one is an error', () => {
    const r = nardy(['show', JSON.stringify(startPosition('long'))]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('X15');
    expect(nardy(['show', 'nonsense']).code).toBe(1);
  });

  it('selfplay plays whole games; a bad flag is a usage error', () => {
    const r = nardy(['selfplay', '--games', '3', '--variant', 'short']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ variant: 'short', games: 3 });
    expect(nardy(['selfplay', '--games', 'x']).code).toBe(2);
    expect(nardy(['bogus']).code).toBe(2);
  });
});
