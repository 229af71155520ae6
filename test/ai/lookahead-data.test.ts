/** Training data from the net's own look-ahead (scripts/lookahead-data.ts), and the trainer's supervised mode on it in long nardy. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allHome } from '../../src/ai/bearoff.js';
import { playersSearch } from '../../src/ai/player.js';
import { readData } from '../../src/ai/train/data.js';
import { loadBundled, readManifest } from '../../src/ai/weights.js';
import { parsePositionId } from '../../src/engine/position.js';

const node = (args: string[]): ReturnType<typeof spawnSync> => spawnSync(process.execPath, ['--import', 'tsx', ...args], { encoding: 'utf8' });

describe('look-ahead training data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-lookahead-'));
  const data = join(dir, 'long.txt');

  it('holds, for each position of its games, the net\'s 1-ply outcomes for the side to roll', () => {
    const r = node(['scripts/lookahead-data.ts', '--variant', 'long', '--games', '2', '--seed', '7', '--out', data]);
    expect(r.status, String(r.stderr)).toBe(0);
    const lines = readFileSync(data, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(60);
    const search = playersSearch('long', loadBundled('long').net);
    let turns = 0;
    for (const line of lines.filter((_, i) => i % 10 === 0)) {
      const [id, ...probs] = line.split(' ');
      const p = parsePositionId(id!);
      expect(p.variant).toBe('long');
      const me = p.turn === 'white' ? p.white : p.black;
      const opp = p.turn === 'white' ? p.black : p.white;
      expect(allHome(me, 0) && allHome(opp, 0)).toBe(false);
      const want = search.preRoll(me, opp, 1);
      expect(probs.map(Number)).toEqual(Array.from(want, (v) => +v.toFixed(5)));
      turns++;
    }
    expect(turns).toBeGreaterThan(5);
    // The trainer reads it as any supervised data.
    const d = readData(data, 'long', false);
    expect(d.count).toBe(lines.length);
  });

  it('with --plays K, whole decisions: the K best plays of each roll by 0 ply, each valued at 1 ply by the side then to roll', () => {
    const grouped = join(dir, 'plays.txt');
    const r = node(['scripts/lookahead-data.ts', '--variant', 'long', '--games', '1', '--seed', '8', '--plays', '3', '--out', grouped]);
    expect(r.status, String(r.stderr)).toBe(0);
    const d = readData(grouped, 'long', true);
    expect(d.decisions).toBeGreaterThan(20);
    const g = new Int32Array(d.groups!);
    const sizes = Array.from({ length: d.decisions! }, (_, k) => g[k + 1]! - g[k]!);
    expect(Math.min(...sizes)).toBe(2);
    expect(Math.max(...sizes)).toBe(3);
    // The first decision of the file: its plays all come from one position and one roll, so
    // the side that moved has the same checkers off and the side to roll the same board.
    const text = readFileSync(grouped, 'utf8');
    const first = text.slice(0, text.indexOf('#')).trim().split('\n');
    const search = playersSearch('long', loadBundled('long').net);
    const sides = first.map((line) => {
      const [id, ...probs] = line.split(' ');
      const p = parsePositionId(id!);
      const me = p.turn === 'white' ? p.white : p.black;
      const opp = p.turn === 'white' ? p.black : p.white;
      expect(probs.map(Number)).toEqual(Array.from(search.preRoll(me, opp, 1), (v) => +v.toFixed(5)));
      return { me: me.join(','), turn: p.turn };
    });
    expect(new Set(sides.map((s) => s.me)).size).toBe(1);
    expect(new Set(sides.map((s) => s.turn)).size).toBe(1);
    expect(node(['scripts/lookahead-data.ts', '--variant', 'long', '--games', '1', '--plays', '1', '--out', join(dir, 'y.txt')]).status).toBe(2);
  });

  it('the trainer fits long nardy\'s net to it (--mode fit), and refuses bad lines in the command', () => {
    const out = join(dir, 'fit');
    const r = node(['src/ai/train/main.ts', '--variant', 'long', '--mode', 'fit', '--data', data, '--init', 'assets/ai/long', '--epochs', '1', '--eval-pairs', '2', '--workers', '1', '--rate', '0.001', '--out', out]);
    expect(r.status, String(r.stderr)).toBe(0);
    expect(existsSync(join(out, 'epoch-1.bin'))).toBe(true);
    const m = readManifest(join(out, 'epoch-1.json'));
    expect(m.variant).toBe('long');
    expect(m.training.trainer).toBe(`supervised on ${data}`);
    const log = readFileSync(join(out, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { epoch: number; holdout: { mse: number } });
    expect(log.map((e) => e.epoch)).toEqual([0, 1]);
    const bad = node(['scripts/lookahead-data.ts', '--variant', 'longer', '--games', '1', '--out', join(dir, 'x.txt')]);
    expect(bad.status).toBe(2);
    expect(String(bad.stderr)).toContain('--variant must be long or short');
  });
});
