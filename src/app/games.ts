/**
 * Use cases between the bot layer and the engine/store: start a game, apply a button press, let
 * the bot move, finish games and matches. Nothing here knows about Telegram.
 */
import { randomBytes } from 'node:crypto';
import { createPlayer, type BotPlayer } from '../ai/player.js';
import { fairRoll, newSeed, seedHash, verifyRolls } from '../engine/dice.js';
import { actor, canDouble, currentTurn, type GameAction, type GameErrorCode, type ResignLevel } from '../engine/game.js';
import { applyMatchAction, newMatch, nextGame, type MatchState } from '../engine/match.js';
import { defaultRules } from '../engine/rules.js';
import { otherSide, type Dice, type Side, type Step, type Variant } from '../engine/types.js';
import type { BotLevel, FairRecord, GameRecord, Lang, PlayerRef, Store, UserSettings } from '../store/types.js';
import { readSettings } from '../store/types.js';

/** What a person can press: the engine's actions, with dice left to the server, plus "next game". */
export type Press =
  | { readonly type: 'roll' }
  | Extract<GameAction, { type: 'step' | 'undo' | 'done' | 'double' | 'take' | 'drop' | 'resign' | 'accept' | 'decline' }>
  | { readonly type: 'next' };

export type PressResult =
  | { readonly kind: 'applied'; readonly game: GameRecord }
  | { readonly kind: 'stale'; readonly game: GameRecord }
  | { readonly kind: 'gone' }
  | { readonly kind: 'not-player'; readonly game: GameRecord }
  | { readonly kind: 'not-your-turn'; readonly game: GameRecord; readonly waitingFor: Side | null }
  | { readonly kind: 'refused'; readonly game: GameRecord; readonly code: GameErrorCode | 'busy' };

export interface Human {
  readonly id: number;
  readonly name: string;
  readonly lang: Lang;
}

export interface GamesDeps {
  readonly store: Store;
  readonly now?: () => number;
  /** Bot players by level (tests may pass seeded ones). */
  readonly player?: (level: BotLevel) => BotPlayer;
  /** The settings of a user (auto-roll, confirm). */
  readonly settings?: (userId: number) => Promise<UserSettings>;
}

export function newId(): string {
  // 10 characters of base36 from 8 random bytes.
  return BigInt('0x' + randomBytes(8).toString('hex')).toString(36).padStart(10, '0').slice(-10);
}

function newFair(id: string, gameNo: number): FairRecord {
  const seed = newSeed();
  return { key: `${id}:${gameNo}`, seed, hash: seedHash(seed), rolls: '' };
}

export function sideOfUser(g: GameRecord, userId: number): Side | null {
  for (const side of ['white', 'black'] as const) {
    const p = g.players[side];
    if (p.kind === 'human' && p.id === userId) return side;
  }
  return null;
}

/** The human's side in a game against the bot (or White in a game between two people). */
export function humanSide(g: GameRecord): Side {
  return g.players.white.kind === 'human' ? 'white' : 'black';
}

export class Games {
  private readonly now: () => number;
  private readonly players = new Map<BotLevel, BotPlayer>();
  private readonly makePlayer: (level: BotLevel) => BotPlayer;
  private readonly settingsOf: (userId: number) => Promise<UserSettings>;

  constructor(private readonly deps: GamesDeps) {
    this.now = deps.now ?? Date.now;
    this.makePlayer = deps.player ?? ((level) => createPlayer(level));
    this.settingsOf = deps.settings ?? ((id) => readSettings(deps.store, id));
  }

  private player(level: BotLevel): BotPlayer {
    let p = this.players.get(level);
    if (!p) this.players.set(level, (p = this.makePlayer(level)));
    return p;
  }

  get store(): Store {
    return this.deps.store;
  }

  /** A new match in a chat; the opening roll is made at once and a bot that starts plays. */
  async start(opts: {
    chatId: number;
    kind: 'bot' | 'friend';
    lang: Lang;
    white: PlayerRef;
    black: PlayerRef;
    variant: Variant;
    length: number;
  }): Promise<GameRecord> {
    const id = newId();
    const rules = defaultRules(opts.variant);
    let rec: GameRecord = {
      id,
      v: 0,
      kind: opts.kind,
      chatId: opts.chatId,
      lang: opts.lang,
      players: { white: opts.white, black: opts.black },
      match: newMatch(opts.variant, opts.length, rules),
      fair: newFair(id, 1),
      archive: [],
      note: null,
      createdAt: this.now(),
      updatedAt: this.now(),
      finished: false,
    };
    rec = await this.settle(rec);
    if (!(await this.store.createGame(rec))) throw new Error('game id collision');
    return rec;
  }

  private roll(rec: GameRecord, match: MatchState): Dice {
    return fairRoll(rec.fair.seed, rec.fair.key, match.game.rolls);
  }

  /**
   * Everything that happens without a person: the opening roll, the bot's decisions and moves,
   * forced plays and passes, auto-roll. Returns the record with a note for the caption.
   */
  private async settle(rec: GameRecord, note: GameRecord['note'] = null): Promise<GameRecord> {
    let match = rec.match;
    for (let guard = 0; guard < 500; guard++) {
      const g = match.game;
      if (match.winner || g.phase === 'over') break;
      const who = actor(g);
      if (g.phase === 'opening') {
        match = this.must(applyMatchAction(match, { type: 'roll', dice: this.roll(rec, match) }, 'white'));
        const opening = match.game.record.at(-1)!;
        note = { key: 'note-opening', args: { dice: opening.replace('opening ', '') } };
        continue;
      }
      const p = rec.players[who!];
      if (p.kind === 'bot') {
        const bot = this.player(p.level);
        let action: GameAction;
        if (g.phase === 'roll') action = canDouble(g, who!) && bot.wantsToDouble(match) ? { type: 'double' } : { type: 'roll', dice: this.roll(rec, match) };
        else if (g.phase === 'double') action = bot.takes(match) ? { type: 'take' } : { type: 'drop' };
        else if (g.phase === 'resign') action = bot.acceptsResignation(match) ? { type: 'accept' } : { type: 'decline' };
        else action = { type: 'play', moves: bot.choosePlay(g) };
        match = this.must(applyMatchAction(match, action, who!));
        if (action.type === 'double') note = { key: 'note-bot-doubles', args: { value: g.cube.value * 2 } };
        else if (action.type === 'take') note = { key: 'note-bot-takes' };
        else if (action.type === 'decline') note = { key: 'note-bot-declines' };
        continue;
      }
      // A person is to act: help where nothing needs a choice.
      if (g.phase === 'roll') {
        const settings = await this.settingsOf(p.id);
        if (settings.autoRoll && !canDouble(g, who!)) {
          match = this.must(applyMatchAction(match, { type: 'roll', dice: this.roll(rec, match) }, who!));
          continue;
        }
        break;
      }
      if (g.phase === 'move') {
        const view = currentTurn(g);
        if (g.steps.length === 0 && view.plays.length === 1) {
          // A forced play is played for the player.
          const forced = view.plays[0]!;
          match = this.must(applyMatchAction(match, { type: 'play', moves: forced.moves }, who!));
          note = { key: 'note-forced', args: { play: match.game.last?.text ?? '' } };
          continue;
        }
        break;
      }
      break;
    }
    // A roll that could not be played shows as a note (if nothing else happened since).
    const last = match.game.last;
    if (last && last.moves.length === 0 && match.game.phase !== 'over') note = { key: 'note-no-move', args: { side: last.side, dice: `${last.dice[0]}-${last.dice[1]}` } };
    let fair = rec.fair;
    let finished = rec.finished;
    if (match.game.phase === 'over') {
      // The game's seed is revealed with its rolls.
      fair = { ...fair, rolls: match.game.rollLog };
      finished = match.winner !== null;
    }
    return { ...rec, match, fair, finished, note, updatedAt: this.now() };
  }

  private must(out: ReturnType<typeof applyMatchAction>): MatchState {
    if (!out.ok) throw out.error;
    return out.state;
  }

  /** Apply a press by a user on a board of version v. */
  async press(gameId: string, v: number, userId: number, press: Press): Promise<PressResult> {
    const rec = await this.store.getGame(gameId);
    if (!rec) return { kind: 'gone' };
    if (rec.v !== v) return { kind: 'stale', game: rec };
    const side = sideOfUser(rec, userId);
    if (!side) return { kind: 'not-player', game: rec };
    const g = rec.match.game;

    let match: MatchState;
    let note: GameRecord['note'] = null;
    let fair = rec.fair;
    let archive = rec.archive;
    if (press.type === 'next') {
      if (g.phase !== 'over' || rec.match.winner) return { kind: 'refused', game: rec, code: 'wrong-phase' };
      archive = [...archive, rec.fair];
      match = nextGame(rec.match);
      fair = newFair(rec.id, match.gameNo);
    } else {
      const action = this.toAction(press, rec, side);
      if (press.type !== 'resign') {
        const who = actor(g);
        if (who !== null && who !== side) return { kind: 'not-your-turn', game: rec, waitingFor: who };
      }
      const out = applyMatchAction(rec.match, action, side);
      if (!out.ok) return { kind: 'refused', game: rec, code: out.error.code };
      match = out.state;
      // Without "confirm", a complete play is sent at once.
      if (press.type === 'step' && match.game.phase === 'move') {
        const settings = await this.settingsOf(userId);
        if (!settings.confirm && currentTurn(match.game).complete) match = this.must(applyMatchAction(match, { type: 'done' }, side));
      }
      if (press.type === 'drop') note = { key: 'note-dropped' };
      if (press.type === 'resign') note = { key: 'note-resign-offered', args: { level: press.level } };
      if (press.type === 'decline') note = { key: 'note-resign-declined' };
    }
    const next = await this.settle({ ...rec, match, fair, archive }, note);
    const saved: GameRecord = { ...next, v: rec.v + 1 };
    if (!(await this.store.saveGame(saved, rec.v))) {
      const now = await this.store.getGame(gameId);
      return now ? { kind: 'stale', game: now } : { kind: 'gone' };
    }
    return { kind: 'applied', game: saved };
  }

  private toAction(press: Press, rec: GameRecord, side: Side): GameAction {
    switch (press.type) {
      case 'roll':
        return { type: 'roll', dice: this.roll(rec, rec.match) };
      case 'step':
        return { type: 'step', step: press.step };
      case 'resign':
        return { type: 'resign', level: press.level };
      case 'next':
        throw new Error('unreachable');
      default:
        void side;
        return { type: press.type };
    }
  }

  /** A new match with the same players, colours swapped. Of two presses on one board, one wins. */
  async rematch(rec: GameRecord, userId: number): Promise<GameRecord | null> {
    if (!rec.finished || !sideOfUser(rec, userId)) return null;
    if (!(await this.store.saveGame({ ...rec, v: rec.v + 1, note: { key: 'note-rematched' } }, rec.v))) return null;
    return this.start({
      chatId: rec.chatId,
      kind: rec.kind,
      lang: rec.lang,
      white: rec.players.black,
      black: rec.players.white,
      variant: rec.match.variant,
      length: rec.match.length,
    });
  }

  /** Move a game to another chat (a group that became a supergroup); its board is sent afresh. */
  async moveChat(rec: GameRecord, chatId: number): Promise<GameRecord | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const cur = attempt === 0 ? rec : await this.store.getGame(rec.id);
      if (!cur) return null;
      const saved: GameRecord = { ...cur, v: cur.v + 1, chatId };
      if (await this.store.saveGame(saved, cur.v)) {
        await this.store.setBoard(rec.id, null);
        return saved;
      }
    }
    return null;
  }

  /** Give up a game (the /cancel of a game against the bot): the opponent wins the game and match. */
  async forfeit(gameId: string, userId: number): Promise<GameRecord | null> {
    const rec = await this.store.getGame(gameId);
    if (!rec || rec.finished) return null;
    const side = sideOfUser(rec, userId);
    if (!side) return null;
    let match = this.must(applyMatchAction(rec.match, { type: 'forfeit' }, side));
    match = { ...match, winner: otherSide(side) };
    const saved: GameRecord = { ...rec, v: rec.v + 1, match, finished: true, fair: { ...rec.fair, rolls: match.game.rollLog }, note: { key: 'note-forfeit' }, updatedAt: this.now() };
    return (await this.store.saveGame(saved, rec.v)) ? saved : null;
  }

  /** The user's unfinished games in a chat. */
  async userGamesInChat(chatId: number, userId: number): Promise<GameRecord[]> {
    const ids = await this.store.activeGames(chatId);
    const games = await Promise.all(ids.map((id) => this.store.getGame(id)));
    return games.filter((g): g is GameRecord => !!g && !g.finished && sideOfUser(g, userId) !== null);
  }
}

/** Check a game's revealed seeds against their published hashes and recompute every roll. */
export interface GameCheck {
  readonly key: string;
  readonly hash: string;
  readonly seed: string | null;
  readonly ok: boolean | null;
  readonly rolls: number;
}

export function verifyGame(rec: GameRecord): GameCheck[] {
  const games = [...rec.archive, ...(rec.match.game.phase === 'over' ? [rec.fair] : [])];
  const out: GameCheck[] = games.map((f) => {
    const rolls: Dice[] = [];
    for (let i = 0; i + 1 < f.rolls.length; i += 2) rolls.push([Number(f.rolls[i]), Number(f.rolls[i + 1])] as unknown as Dice);
    return { key: f.key, hash: f.hash, seed: f.seed, ok: verifyRolls(f.seed, f.hash, f.key, rolls).ok, rolls: rolls.length };
  });
  if (rec.match.game.phase !== 'over') out.push({ key: rec.fair.key, hash: rec.fair.hash, seed: null, ok: null, rolls: rec.match.game.rolls });
  return out;
}
