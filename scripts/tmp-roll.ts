import { loadBrains, Player, LEVELS } from '../src/ai/player.js';
import { sidesOf, type Position } from '../src/engine/types.js';
import { defaultRules } from '../src/engine/rules.js';
import { seededRandom } from '../src/sim/rng.js';
const rules = defaultRules('short');
const pos: Position = { variant: 'short', turn: 'black', white: [13,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1], black: [4,4,2,3,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0] };
const pl = new Player('medium', loadBrains(), seededRandom(1), { ...LEVELS.medium, search: { ...LEVELS.medium.search, noise: 0 } });
const rnd = seededRandom(Number(process.argv[2] ?? 7));
const N = Number(process.argv[3] ?? 2000);
let blackWins = 0;
const t = performance.now();
for (let g = 0; g < N; g++) {
  let p = pos;
  for (let turn = 0; turn < 200; turn++) {
    const dice: [any, any] = [1 + Math.floor(rnd() * 6), 1 + Math.floor(rnd() * 6)];
    const ranked = pl.rank(p, dice, rules);
    const other = p.turn === 'white' ? 'black' : 'white';
    if (ranked.length) {
      const c = ranked[0]!;
      p = p.turn === 'white' ? { variant: 'short', turn: other, white: Array.from(c.me), black: Array.from(c.opp) } : { variant: 'short', turn: other, white: Array.from(c.opp), black: Array.from(c.me) };
      const mover = other === 'white' ? p.black : p.white;
      if (mover[0] === 15) { if (other === 'white') blackWins++; break; }
    } else p = { ...p, turn: other };
  }
}
console.log('black wins', (blackWins / N).toFixed(4), 'of', N, ((performance.now() - t) / 1000).toFixed(1), 's');
