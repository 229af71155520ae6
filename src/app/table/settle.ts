/**
 * Settling: everything that happens for a person without a choice after any change (the opening
 * roll, forced plays and passes, auto-roll), and the finishing touches of every write (a finished
 * game's seed revealed, its result kept for the statistics, the caption's events trimmed).
 */
import { actor, canDouble, currentTurn } from '../../engine/game.js';
import { applyMatchAction, type MatchState } from '../../engine/match.js';
import type { AutoRoll, GameEvent, GameRecord, UserSettings } from '../model.js';
import { rollOf } from './dice.js';

/** Events kept on a record: what happened since a person last acted (several bot turns at most). */
const MAX_EVENTS = 16;

/** The engine's answer as a state (a refusal here is a bug: the table only applies what it checked). */
export function must(out: ReturnType<typeof applyMatchAction>): MatchState {
  if (!out.ok) throw out.error;
  return out.state;
}

/** A roll by `who` that could not be played is noted for the caption. */
export function notePass(before: MatchState, after: MatchState, events: GameEvent[]): void {
  const last = after.game.last;
  if (last && last !== before.game.last && last.moves.length === 0) events.push({ type: 'no-move', side: last.side, dice: last.dice });
}

export class Settler {
  constructor(
    private readonly now: () => number,
    private readonly settingsOf: (userId: number) => Promise<UserSettings>,
  ) {}

  /**
   * How a person plays this game: in a group, rolls are made for the players (when doubling is
   * not possible) and a complete play is sent at once, to keep the board edits few (Telegram
   * allows about twenty a minute in a group).
   */
  async playStyle(rec: GameRecord, userId: number): Promise<{ autoRoll: AutoRoll; confirm: boolean }> {
    if (rec.kind === 'group') return { autoRoll: 'no-double', confirm: false };
    const s = await this.settingsOf(userId);
    return { autoRoll: s.autoRoll, confirm: s.confirm };
  }

  /** Play on for the people while none has a choice; stops where a person must choose or the bot is to act. */
  async settle(rec: GameRecord, events: GameEvent[]): Promise<GameRecord> {
    let match = rec.match;
    for (let guard = 0; guard < 500; guard++) {
      const g = match.game;
      if (match.winner || g.phase === 'over') break;
      if (g.phase === 'opening') {
        const dice = rollOf(rec, match);
        const before = match;
        match = must(applyMatchAction(match, { type: 'roll', dice }, 'white'));
        events.push({ type: 'opening', white: dice[0], black: dice[1] });
        notePass(before, match, events);
        continue;
      }
      const who = actor(g)!;
      const p = rec.players[who];
      if (p.kind === 'bot') break;
      if (g.phase === 'roll') {
        const style = await this.playStyle(rec, p.id);
        if (style.autoRoll === 'always' || (style.autoRoll === 'no-double' && !canDouble(g, who))) {
          const before = match;
          match = must(applyMatchAction(match, { type: 'roll', dice: rollOf(rec, match) }, who));
          notePass(before, match, events);
          continue;
        }
        break;
      }
      if (g.phase === 'move') {
        const view = currentTurn(g);
        if (g.steps.length === 0 && view.plays.length === 1) {
          // A forced play is played for the player.
          const dice = g.dice!;
          match = must(applyMatchAction(match, { type: 'play', moves: view.plays[0]!.moves }, who));
          events.push({ type: 'forced', side: who, dice, play: match.game.last?.text ?? '' });
          continue;
        }
        break;
      }
      break;
    }
    return this.finish(rec, match, events);
  }

  /** The record with its new match: a finished game's seed revealed and result kept; the newest events kept. */
  finish(rec: GameRecord, match: MatchState, events: GameEvent[]): GameRecord {
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
    let fair = rec.fair;
    let finished = rec.finished;
    let results = rec.results ?? [];
    const r = match.game.result;
    if (match.game.phase === 'over') {
      fair = { ...fair, rolls: match.game.rollLog };
      finished = match.winner !== null;
      if (r && results.at(-1)?.gameNo !== match.gameNo) {
        // The score this game began with (the match state here already counts its result).
        const score = r.winner ? { ...match.score, [r.winner]: match.score[r.winner] - r.points } : match.score;
        results = [
          ...results,
          {
            gameNo: match.gameNo,
            winner: r.winner,
            kind: r.kind,
            points: r.points,
            reason: r.reason,
            record: match.game.record,
            score,
            crawford: match.game.crawford,
            postCrawford: match.crawfordDone && !match.game.crawford,
          },
        ];
      }
    }
    return { ...rec, match, fair, finished, events, results, updatedAt: this.now() };
  }
}
