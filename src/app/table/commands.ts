/**
 * A person's commands: each is a decision on the stored record (see update.ts) that says what to
 * write and which Outcome to answer. Rights are read from the record alone (rights.ts).
 */
import { actor, currentTurn, type GameAction } from '../../engine/game.js';
import { applyMatchAction, type MatchState } from '../../engine/match.js';
import { otherSide } from '../../engine/types.js';
import type { GameEvent, GameRecord, TurnStamp } from '../model.js';
import { turnKey, type ClockState } from '../clocks.js';
import { nextGameOf, rollOf } from './dice.js';
import type { Intent, Outcome, Press } from './intent.js';
import { bothHuman, isBotToAct, liveRematchOffer, REMATCH_OFFER_GROUP_MS, REMATCH_OFFER_LINK_MS, seatOf } from './rights.js';
import { must, notePass, type Settler } from './settle.js';
import type { Decision } from './update.js';

/** What a rematch decision may come to: an outcome, or both agreed (the table then starts the new match). */
export type RematchDecided = Outcome | { readonly kind: 'agreed'; readonly game: GameRecord };

const applied = (saved: GameRecord): Outcome => ({ kind: 'applied', game: saved, botToAct: isBotToAct(saved) });

export class Commands {
  constructor(
    private readonly settler: Settler,
    private readonly now: () => number,
  ) {}

  /**
   * A press from a board a little behind (its version older than the game's): a step or a whole
   * play of the same turn still applies when it is legal now; pressing again the step that was
   * already taken from that board is a repeat and changes nothing.
   */
  private lagging(rec: GameRecord, press: Press, turn: TurnStamp | undefined): 'apply' | 'repeat' | null {
    if (!turn || (press.type !== 'step' && press.type !== 'play')) return null;
    const g = rec.match.game;
    if (g.phase !== 'move' || rec.match.gameNo !== turn.gameNo || g.rolls !== turn.roll) return null;
    const taken = g.steps.length;
    if (press.type === 'play') return taken === 0 && turn.steps === 0 ? 'apply' : null;
    if (turn.steps > taken) return null;
    if (turn.steps === taken) return 'apply';
    const done = g.steps[turn.steps]!;
    return done[0] === press.step[0] && done[1] === press.step[1] ? 'repeat' : 'apply';
  }

  private toAction(press: Exclude<Press, { type: 'next' }>, rec: GameRecord): GameAction {
    switch (press.type) {
      case 'roll':
        return { type: 'roll', dice: rollOf(rec, rec.match) };
      case 'step':
        return { type: 'step', step: press.step };
      case 'play':
        return { type: 'play', moves: press.moves };
      case 'resign':
        return { type: 'resign', level: press.level };
      default:
        return { type: press.type };
    }
  }

  /** A press by a user on a board of version v. The bot does not move here (the table schedules its turn). */
  async press(rec: GameRecord, userId: number, intent: Extract<Intent, { kind: 'press' }>): Promise<Decision<Outcome>> {
    const { v, press, turn } = intent;
    const lag = rec.v === v ? null : this.lagging(rec, press, turn);
    if (rec.v !== v && lag !== 'apply') return { keep: { kind: 'stale', game: rec } };
    const side = seatOf(rec, userId);
    if (!side) return { keep: { kind: 'not-player', game: rec } };
    const g = rec.match.game;
    let match: MatchState;
    const events: GameEvent[] = [];
    let { fair, archive, dice } = rec;
    if (press.type === 'next') {
      if (g.phase !== 'over' || rec.match.winner) return { keep: { kind: 'refused', game: rec, code: 'wrong-phase' } };
      ({ match, fair, archive, dice } = nextGameOf(rec));
    } else {
      const action = this.toAction(press, rec);
      if (press.type !== 'resign') {
        const who = actor(g);
        if (who !== null && who !== side) return { keep: { kind: 'not-your-turn', game: rec, waitingFor: who } };
      }
      const out = applyMatchAction(rec.match, action, side);
      // From a lagging board, what is no longer legal is simply out of date.
      if (!out.ok) return { keep: lag === 'apply' ? { kind: 'stale', game: rec } : { kind: 'refused', game: rec, code: out.error.code } };
      match = out.state;
      if (press.type === 'roll') notePass(rec.match, match, events);
      // Without "confirm", a complete play is sent at once.
      if (press.type === 'step' && match.game.phase === 'move') {
        const style = await this.settler.playStyle(rec, userId);
        if (!style.confirm && currentTurn(match.game).complete) match = must(applyMatchAction(match, { type: 'done' }, side));
      }
      if (press.type === 'drop') events.push({ type: 'dropped', side });
      if (press.type === 'resign') events.push({ type: 'resign-offered', side, level: press.level });
      if (press.type === 'decline') events.push({ type: 'resign-declined', side });
    }
    const next = await this.settler.settle({ ...rec, match, fair, archive, dice }, events);
    return { write: next, out: applied };
  }

  /** A resignation offered by a player, whoever is on move. The opponent answers it on the board. */
  async resign(rec: GameRecord, userId: number, intent: Extract<Intent, { kind: 'resign' }>): Promise<Decision<Outcome>> {
    const side = seatOf(rec, userId);
    if (!side) return { keep: { kind: 'not-player', game: rec } };
    const out = applyMatchAction(rec.match, { type: 'resign', level: intent.level }, side);
    if (!out.ok) return { keep: { kind: 'refused', game: rec, code: out.error.code } };
    const next = await this.settler.settle({ ...rec, match: out.state }, [{ type: 'resign-offered', side, level: intent.level }]);
    return { write: next, out: applied };
  }

  /**
   * The waiting player claims a game whose mover let the clock run out. The idle side loses the
   * whole match: a single game ends as its resignation at the current cube (a pass, when a
   * double was waiting); a longer match is forfeited by the idle side (a match loss, rated once).
   */
  claim(rec: GameRecord, userId: number, intent: Extract<Intent, { kind: 'claim' }>, clock: ClockState | null): Decision<Outcome> {
    const side = seatOf(rec, userId);
    if (!side) return { keep: { kind: 'not-player', game: rec } };
    if (!clock || !clock.claimable || clock.key !== intent.key || clock.key !== turnKey(rec) || clock.side === side || rec.finished) return { keep: { kind: 'stale', game: rec } };
    const idle = clock.side;
    const g = rec.match.game;
    let base = rec;
    let match = rec.match;
    if (match.length > 1) {
      if (g.phase === 'over') {
        base = { ...rec, ...nextGameOf(rec) };
        match = base.match;
      }
      match = must(applyMatchAction(match, { type: 'forfeit' }, idle));
    } else if (g.phase === 'double') match = must(applyMatchAction(match, { type: 'drop' }, idle));
    else {
      if (g.phase === 'resign') match = must(applyMatchAction(match, { type: 'decline' }, idle));
      match = must(applyMatchAction(match, { type: 'resign', level: 1 }, idle));
      match = must(applyMatchAction(match, { type: 'accept' }, side));
    }
    const next = this.settler.finish(base, match, [{ type: 'claimed', side, idle }]);
    return { write: next, out: (saved) => ({ kind: 'applied', game: saved, botToAct: false }) };
  }

  /** Give up the match: the opponent wins it. Between two games of a match, the next one is begun and left. */
  forfeit(rec: GameRecord, userId: number): Decision<Outcome> {
    const side = seatOf(rec, userId);
    if (!side) return { keep: { kind: 'not-player', game: rec } };
    if (rec.finished) return { keep: { kind: 'stale', game: rec } };
    const base = rec.match.game.phase === 'over' ? { ...rec, ...nextGameOf(rec) } : rec;
    const match = must(applyMatchAction(base.match, { type: 'forfeit' }, side));
    return { write: this.settler.finish(base, match, [{ type: 'forfeit', side }]), out: applied };
  }

  /**
   * Rematch on a finished board: against the bot it is agreed at once. Between people the first
   * press is an offer (with its own expiry, shown on the board); the other player's press agrees.
   * Of two presses on one board, one wins.
   */
  rematch(rec: GameRecord, userId: number, intent: Extract<Intent, { kind: 'rematch' }>): Decision<RematchDecided> {
    const side = seatOf(rec, userId);
    if (!side) return { keep: { kind: 'not-player', game: rec } };
    if (!rec.finished || rec.events.some((e) => e.type === 'rematched')) return { keep: { kind: 'stale', game: rec } };
    const now = this.now();
    const offer = liveRematchOffer(rec, now);
    // A press from the finished board accepts the other's offer even if it came after the board was drawn.
    const accepting = offer?.by === otherSide(side);
    if (rec.v !== intent.v && !accepting) return { keep: { kind: 'stale', game: rec } };
    if (bothHuman(rec) && !accepting) {
      if (offer?.by === side) return { keep: { kind: 'offered-already', game: rec } };
      const expiresAt = now + (rec.kind === 'link' ? REMATCH_OFFER_LINK_MS : REMATCH_OFFER_GROUP_MS);
      const events: GameEvent[] = [...rec.events.filter((e) => e.type !== 'rematch-offered'), { type: 'rematch-offered', side, expiresAt }];
      return { write: { ...rec, rematch: { by: side, expiresAt }, events, updatedAt: now }, out: (saved) => ({ kind: 'offered', game: saved }) };
    }
    return { write: { ...rec, rematch: undefined, events: [{ type: 'rematched' }] }, out: (saved) => ({ kind: 'agreed', game: saved }) };
  }
}
