// Temporary diagnostic (not committed): replays bench:cube's matches and prints each double with our outcome estimates.
import { createPlayer, type Level } from '../src/ai/player.js';
import { actor, applyMatchAction, canDouble, newMatch, nextGame, parseRules, type Die, type MatchState } from '../src/engine/index.js';
import { seededRandom } from '../src/sim/rng.js';
const level = 'hard', length = 5, seed = 1;
for (let n = 0; n < 10; n++) {
  const white = createPlayer(level as Level, seededRandom(seed * 1000 + n * 2));
  const black = createPlayer(level as Level, seededRandom(seed * 1000 + n * 2 + 1));
  const rnd = seededRandom(seed * 7919 + n);
  const die = (): Die => (1 + Math.floor(rnd() * 6)) as Die;
  let m: MatchState = newMatch('short', length, parseRules({ cube: true }));
  for (let guard = 0; guard < 20_000 && !m.winner; guard++) {
    const g = m.game;
    if (g.phase === 'over') { m = nextGame(m); continue; }
    const side = actor(g) ?? g.position.turn;
    const bot = side === 'white' ? white : black;
    let out: ReturnType<typeof applyMatchAction>;
    if (g.phase === 'opening') out = applyMatchAction(m, { type: 'roll', dice: [die(), die()] }, 'white');
    else if (g.phase === 'roll') {
      let double = false;
      if (canDouble(g, side)) {
        double = bot.wantsToDouble(m);
        if (double) {
          const s = (bot as any).situation(m, side);
          const d = bot.cubeDecision(m);
          console.log(JSON.stringify({ f: n, game: m.gameNo, side: side === 'white' ? 'X' : 'O', score: m.score, cube: g.cube.value, probs: Array.from(s.probs as Float32Array).map((x: number) => +x.toFixed(3)), eq: d.equities }));
        }
      }
      out = applyMatchAction(m, double ? { type: 'double' } : { type: 'roll', dice: [die(), die()] }, side);
    } else if (g.phase === 'double') out = applyMatchAction(m, bot.takes(m) ? { type: 'take' } : { type: 'drop' }, side);
    else if (g.phase === 'move') out = applyMatchAction(m, { type: 'play', moves: bot.choosePlay(g) }, side);
    else throw new Error('x');
    if (!out.ok) throw out.error;
    m = out.state;
  }
}
