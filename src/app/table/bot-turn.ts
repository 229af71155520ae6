/**
 * The bot's turn: the table takes it itself after any change that leaves the bot to act (no front
 * end asks for it), in the background, one at a time per game. Its decisions (double, take, accept
 * a resignation) and moves, and the person's forced plays after them, are one change of their own.
 */
import { createPlayer, playScore } from '../../ai/player.js';
import { inProcess, type Thinker } from '../../ai/thinker.js';
import { actor, canDouble, type GameAction } from '../../engine/game.js';
import { applyMatchAction } from '../../engine/match.js';
import type { Dice, Side } from '../../engine/types.js';
import type { BotLevel, GameEvent, GameRecord } from '../model.js';
import { rollOf } from './dice.js';
import { isBotToAct } from './rights.js';
import { must, notePass, type Settler } from './settle.js';
import type { Decision, Updated } from './update.js';

export type BotTurnResult = { readonly kind: 'moved'; readonly game: GameRecord } | { readonly kind: 'idle'; readonly game: GameRecord } | { readonly kind: 'gone' };

export class BotTurns {
  private readonly thinkers = new Map<BotLevel, Thinker>();
  /** Bot turns running in this process, by game; and games whose turn is asked for again meanwhile. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(
    private readonly settler: Settler,
    private readonly change: <T>(id: string, decide: (rec: GameRecord) => Promise<Decision<T>>) => Promise<Updated<T>>,
    private readonly warn: (message: string, err: unknown, gameId: string) => void,
    private readonly makeThinker: (level: BotLevel) => Thinker = (level) => inProcess(createPlayer(level)),
  ) {}

  private thinker(level: BotLevel): Thinker {
    let p = this.thinkers.get(level);
    if (!p) this.thinkers.set(level, (p = this.makeThinker(level)));
    return p;
  }

  /**
   * The bot is to act: its turn runs now, in the background. A turn that fails (the thinker, the
   * store) is left: the game's boards stay owed, and the sweep that brings them up to date takes
   * the bot's turn again.
   */
  schedule(id: string): void {
    if (this.running.has(id)) {
      this.again.add(id);
      return;
    }
    const run = (async (): Promise<void> => {
      do {
        this.again.delete(id);
        await this.take(id).catch((e: unknown) => this.warn('the bot\'s turn failed (the sweep tries it again)', e, id));
      } while (this.again.has(id));
    })().finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  /** Whether a bot turn is under way in this process. */
  busy(): boolean {
    return this.running.size > 0;
  }

  /** Resolves when the bot turns under way in this process are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /** The bot's decisions and moves while it is to act (and what follows for the person without a choice). */
  async take(gameId: string): Promise<BotTurnResult> {
    const r = await this.change<BotTurnResult>(gameId, (rec) => this.decide(rec));
    if (r.kind === 'done') return r.out;
    return r.kind === 'gone' ? { kind: 'gone' } : { kind: 'idle', game: r.game };
  }

  private async decide(rec: GameRecord): Promise<Decision<BotTurnResult>> {
    if (!isBotToAct(rec)) return { keep: { kind: 'idle', game: rec } };
    const events = [...rec.events];
    let match = rec.match;
    let current = rec;
    for (let guard = 0; guard < 200; guard++) {
      const g = match.game;
      if (match.winner || g.phase === 'over') break;
      const who = actor(g) ?? g.position.turn;
      const p = rec.players[who];
      if (p.kind !== 'bot') {
        // The person's forced plays and auto-roll; then perhaps the bot again.
        current = await this.settler.settle({ ...current, match }, events);
        match = current.match;
        if (!isBotToAct(current)) break;
        continue;
      }
      const bot = this.thinker(p.level);
      let action: GameAction;
      if (g.phase === 'roll') action = canDouble(g, who) && (await bot.wantsToDouble(match)) ? { type: 'double' } : { type: 'roll', dice: rollOf(rec, match) };
      else if (g.phase === 'double') action = (await bot.takes(match)) ? { type: 'take' } : { type: 'drop' };
      else if (g.phase === 'resign') action = (await bot.acceptsResignation(match)) ? { type: 'accept' } : { type: 'decline' };
      else action = { type: 'play', moves: await bot.choosePlay(g, playScore(match)) };
      const before = match;
      match = must(applyMatchAction(match, action, who));
      if (action.type === 'roll') notePass(before, match, events);
      const event = botEvent(action, who, g.cube.value, g.dice, match.game.last?.text ?? '');
      if (event) events.push(event);
      current = { ...current, match };
    }
    return { write: this.settler.finish(current, match, events), out: (saved) => ({ kind: 'moved', game: saved }) };
  }
}

/** What the caption says of one of the bot's actions. */
function botEvent(action: GameAction, side: Side, cube: number, dice: Dice | null, play: string): GameEvent | null {
  switch (action.type) {
    case 'play': return { type: 'played', side, dice: dice!, play };
    case 'double': return { type: 'doubled', side, value: cube * 2 };
    case 'take': return { type: 'took', side, value: cube * 2 };
    case 'drop': return { type: 'dropped', side };
    case 'decline': return { type: 'resign-declined', side };
    case 'accept': return { type: 'resign-accepted', side };
    default: return null;
  }
}
