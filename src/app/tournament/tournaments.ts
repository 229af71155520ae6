/**
 * Tournaments in a group: created, joined, started, paired round by round, their matches played
 * by link between the two players (real matches of the table, with its dice, clocks and ratings),
 * results taken from the table's `matchOver` event, deadlines kept by a shared timer.
 *
 * Exactly once whatever instance acts and whatever is killed: the tournament is one record with a
 * version (every change a compare-and-set over the record read), a round is started by the one
 * write that adds it, a match's game has an id made from (tournament, round, pairing), so a second
 * try of its creation finds it made, and a result is written only into a pairing that has none.
 */
import { createHash } from 'node:crypto';
import { createPlayer } from '../../ai/player.js';
import type { Store } from '../../store/types.js';
import type { Dialogues } from '../dialogues.js';
import type { Games } from '../games.js';
import { isLang, type GameRecord, type Human, type Lang } from '../model.js';
import type { Stats } from '../stats.js';
import { seatOf, toAct } from '../table/rights.js';
import { isLive, TOURNAMENT_SCHEMA, type Entrant, type Pairing, type PairingResult, type Round, type Tournament, type TournamentSettings } from './model.js';
import { nextDraw, roundsFor } from './pairing.js';
import { standings } from './standings.js';
import { newId } from '../table/dice.js';

export const TOURNAMENT_TIMER = 'tour:';
/** The index of live tournaments (woken at start-up). */
const LIVE_SET = 'tournaments-live';
/** How long a tournament's record lives after its last change. */
const TTL_SECONDS = 90 * 86_400;
/**
 * While a tournament is live, its timer comes at least this often: whatever a killed instance left
 * undone (a round's games, the group's messages, the players' notices) is done by then; a restart
 * wakes every live tournament at once (wakeAll).
 */
const RESYNC_MS = 60_000;
/** The fewest players a tournament starts with. */
export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 128;
/** Round robin is for small clubs. */
export const MAX_ROUND_ROBIN = 12;

export type Who = { readonly id: number; readonly name: string; readonly lang: Lang };

export type CreateResult = { readonly kind: 'created'; readonly tournament: Tournament } | { readonly kind: 'exists'; readonly tournament: Tournament | null };
export type JoinResult =
  | { readonly kind: 'joined'; readonly tournament: Tournament }
  | { readonly kind: 'already' | 'full' | 'started' | 'closed'; readonly tournament: Tournament }
  | { readonly kind: 'elsewhere'; readonly other: string }
  | { readonly kind: 'gone' };
export type ManageResult =
  | { readonly kind: 'done'; readonly tournament: Tournament }
  | { readonly kind: 'not-allowed' | 'too-few' | 'wrong-state' | 'not-in'; readonly tournament: Tournament }
  | { readonly kind: 'gone' };

/** What a tournament's listeners hear: it changed (its group's messages follow). */
export type TournamentListener = (t: Tournament) => void;

export function gameIdOf(tournamentId: string, round: number, index: number): string {
  const h = createHash('sha256').update(`${tournamentId}:${round}:${index}`).digest('hex');
  return BigInt('0x' + h.slice(0, 16)).toString(36).padStart(10, '0').slice(-10);
}

export interface TournamentsDeps {
  readonly store: Store;
  readonly games: Games;
  readonly stats: Stats;
  readonly dialogues: Dialogues;
  readonly now: () => number;
  /** A finished match's chance for White by the hard bot (adjudication of a level match). */
  readonly chanceOfWhite?: (rec: GameRecord) => Promise<number>;
  readonly warn: (message: string, err: unknown, id: string) => void;
}

/** White's match-winning chance on the current position, by the hard bot's cube analysis. */
export function hardChanceOfWhite(rec: GameRecord): number {
  const m = rec.match;
  if (m.game.phase === 'opening' || m.game.phase === 'over') return 0.5;
  const player = createPlayer('hard');
  const mover = m.game.position.turn;
  const d = player.cubeDecision(m);
  // The cube analysis is the side on roll's: its chance with no double.
  const p = Math.min(1, Math.max(0, d.situation.match ? d.equities.noDouble : (d.equities.noDouble + 1) / 2));
  return mover === 'white' ? p : 1 - p;
}

export class Tournaments {
  private readonly listeners: TournamentListener[] = [];

  constructor(private readonly deps: TournamentsDeps) {}

  onChange(l: TournamentListener): void {
    this.listeners.push(l);
  }

  private told(t: Tournament): void {
    for (const l of this.listeners) {
      try {
        l(t);
      } catch (e) {
        this.deps.warn('a tournament listener failed', e, t.id);
      }
    }
  }

  private key(id: string): string {
    return `tournament:${id}`;
  }

  async get(id: string): Promise<(Tournament & { readonly v: number }) | null> {
    if (!/^[0-9a-z]{10}$/.test(id)) return null;
    const d = await this.deps.store.docs.get(this.key(id));
    if (!d) return null;
    try {
      const t = JSON.parse(d.data) as Tournament;
      if (t.schema !== TOURNAMENT_SCHEMA || t.id !== id) return null;
      return { ...t, v: d.v };
    } catch {
      return null;
    }
  }

  /**
   * At start-up: every live tournament's timer comes due now, so whatever a stopped instance left
   * undone (a round's games, the group's messages) is done at once.
   */
  async wakeAll(): Promise<number> {
    const ids = await this.deps.store.docs.members(LIVE_SET);
    const now = this.deps.now();
    for (const id of ids) {
      const t = await this.get(id);
      if (t && isLive(t)) await this.deps.store.timers.set(TOURNAMENT_TIMER + id, now);
      else await this.deps.store.docs.index(LIVE_SET, id, false);
    }
    return ids.length;
  }

  /** The group's live tournament, if any. */
  async active(chatId: number): Promise<Tournament | null> {
    const id = await this.deps.dialogues.read(`tour-chat:${chatId}`);
    const t = typeof id === 'string' ? await this.get(id) : null;
    return t && isLive(t) ? t : null;
  }

  /**
   * Change a tournament: decide on the stored record, write the decision over its version, and
   * decide again on a lost race. After a write, its timer and listeners follow.
   */
  private async change<T>(id: string, decide: (t: Tournament) => { write: Tournament; out: T } | { keep: T } | Promise<{ write: Tournament; out: T } | { keep: T }>): Promise<T | 'gone'> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const cur = await this.get(id);
      if (!cur) return 'gone';
      const { v, ...t } = cur;
      const d = await decide(t);
      if ('keep' in d) return d.keep;
      const next: Tournament = { ...d.write, updatedAt: this.deps.now() };
      if (await this.deps.store.docs.save(this.key(id), v, JSON.stringify(next), TTL_SECONDS)) {
        await this.afterSave(next);
        return d.out;
      }
    }
    throw new Error(`tournament ${id} is contended`);
  }

  private async afterSave(t: Tournament): Promise<void> {
    await this.deps.store.docs.index(LIVE_SET, t.id, isLive(t));
    await this.schedule(t);
    if (!isLive(t)) await this.release(t);
    this.told(t);
  }

  /** The tournament's next moment: its start, a reminder, a deadline, and a resync while live. */
  private async schedule(t: Tournament): Promise<void> {
    const timer = TOURNAMENT_TIMER + t.id;
    if (!isLive(t)) return void (await this.deps.store.timers.clear(timer));
    const now = this.deps.now();
    let at = now + RESYNC_MS;
    if (t.status === 'open' && t.settings.startAt !== null) at = Math.min(at, t.settings.startAt);
    const round = t.rounds.at(-1);
    if (t.status === 'running' && round) {
      at = Math.min(at, round.deadline);
      if (!round.reminded) at = Math.min(at, reminderAt(round));
      // Games of the round not made yet (a kill between the round's write and them): at once.
      if (round.pairings.some((p) => p.b !== null && !p.game && !p.result)) at = now;
    }
    await this.deps.store.timers.set(timer, Math.max(now, at));
  }

  /** A finished or cancelled tournament frees its group and its players. */
  private async release(t: Tournament): Promise<void> {
    if ((await this.deps.dialogues.read(`tour-chat:${t.chatId}`)) === t.id) await this.deps.dialogues.delete(`tour-chat:${t.chatId}`);
    for (const p of t.players) if ((await this.deps.dialogues.read(`tour-player:${p.id}`)) === t.id) await this.deps.dialogues.delete(`tour-player:${p.id}`);
    if (t.status === 'finished' && (await this.deps.dialogues.setIfAbsent(`tour-counted:${t.id}`, 1, TTL_SECONDS))) {
      const champion = podium(t)[0];
      for (const p of t.players) await this.deps.stats.recordTournament(p.id, p.name, t.id, champion?.id === p.id);
    }
  }

  async create(chatId: number, lang: Lang, creator: { id: number; name: string }, settings: TournamentSettings): Promise<CreateResult> {
    const id = newId();
    if (!(await this.deps.dialogues.setIfAbsent(`tour-chat:${chatId}`, id, TTL_SECONDS))) {
      const existing = await this.active(chatId);
      if (existing) return { kind: 'exists', tournament: existing };
      // The slot names a tournament that is over (or lost): it is free.
      await this.deps.dialogues.delete(`tour-chat:${chatId}`);
      if (!(await this.deps.dialogues.setIfAbsent(`tour-chat:${chatId}`, id, TTL_SECONDS))) return { kind: 'exists', tournament: await this.active(chatId) };
    }
    const now = this.deps.now();
    const t: Tournament = {
      schema: TOURNAMENT_SCHEMA,
      id,
      chatId,
      lang,
      creator,
      settings,
      status: 'open',
      players: [],
      rounds: [],
      totalRounds: 0,
      messages: { announce: null, pairings: {} },
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.deps.store.docs.save(this.key(id), 0, JSON.stringify(t), TTL_SECONDS))) throw new Error('tournament id collision');
    await this.afterSave(t);
    return { kind: 'created', tournament: t };
  }

  /** Late joining: a Swiss until half its rounds have started; other formats until the start. */
  private canJoinLate(t: Tournament): boolean {
    return t.status === 'running' && t.settings.format === 'swiss' && t.rounds.length < t.totalRounds / 2;
  }

  async join(id: string, who: Who): Promise<JoinResult> {
    const t0 = await this.get(id);
    if (!t0) return { kind: 'gone' };
    const mine = await this.deps.dialogues.read(`tour-player:${who.id}`);
    if (typeof mine === 'string' && mine !== id) {
      const other = await this.get(mine);
      if (other && isLive(other)) return { kind: 'elsewhere', other: mine };
    }
    const rating = (await this.deps.stats.of(who.id))[t0.settings.variant].rating;
    const r = await this.change<JoinResult>(id, (t) => {
      if (t.players.some((p) => p.id === who.id && !p.out)) return { keep: { kind: 'already', tournament: t } };
      if (!isLive(t)) return { keep: { kind: 'closed', tournament: t } };
      if (t.status !== 'open' && !this.canJoinLate(t)) return { keep: { kind: 'started', tournament: t } };
      if (t.players.filter((p) => !p.out).length >= t.settings.maxPlayers) return { keep: { kind: 'full', tournament: t } };
      if (t.players.some((p) => p.id === who.id)) return { keep: { kind: 'started', tournament: t } };
      const entrant: Entrant = { id: who.id, name: who.name, lang: who.lang, rating, joinedAt: this.deps.now() };
      const next = { ...t, players: [...t.players, entrant] };
      return { write: next, out: { kind: 'joined', tournament: next } };
    });
    if (r === 'gone') return { kind: 'gone' };
    if (r.kind === 'joined') await this.deps.dialogues.write(`tour-player:${who.id}`, id, TTL_SECONDS);
    return r;
  }

  private mayManage(t: Tournament, userId: number, admin: boolean): boolean {
    return admin || t.creator.id === userId;
  }

  /** Leave before the start, or withdraw during it (the current match is lost). */
  async leave(id: string, userId: number): Promise<ManageResult> {
    return this.drop(id, userId, 'withdrew');
  }

  /** The creator or an admin removes a player. */
  async remove(id: string, byUser: number, admin: boolean, userId: number): Promise<ManageResult> {
    const t = await this.get(id);
    if (!t) return { kind: 'gone' };
    if (!this.mayManage(t, byUser, admin)) return { kind: 'not-allowed', tournament: t };
    return this.drop(id, userId, 'removed');
  }

  private async drop(id: string, userId: number, why: 'withdrew' | 'removed'): Promise<ManageResult> {
    let forfeitGame: string | null = null;
    const r = await this.change<ManageResult>(id, (t) => {
      forfeitGame = null;
      if (!isLive(t)) return { keep: { kind: 'wrong-state', tournament: t } };
      const p = t.players.find((x) => x.id === userId && !x.out);
      if (!p) return { keep: { kind: 'not-in', tournament: t } };
      if (t.status === 'open') {
        const next = { ...t, players: t.players.filter((x) => x.id !== userId) };
        return { write: next, out: { kind: 'done', tournament: next } };
      }
      let next: Tournament = { ...t, players: t.players.map((x) => (x.id === userId ? { ...x, out: why } : x)) };
      // The current match is lost (the opponent wins it).
      const round = next.rounds.at(-1);
      const i = round ? round.pairings.findIndex((q) => !q.result && q.b !== null && (q.a === userId || q.b === userId)) : -1;
      if (round && i >= 0) {
        const q = round.pairings[i]!;
        const winner = q.a === userId ? q.b! : q.a;
        forfeitGame = q.game ?? null;
        next = withResult(next, round.no, i, { winner, a: 0, b: 0, how: 'forfeit' });
      }
      next = this.advance(next);
      return { write: next, out: { kind: 'done', tournament: next } };
    });
    if (r === 'gone') return { kind: 'gone' };
    if (r.kind === 'done') {
      if ((await this.deps.dialogues.read(`tour-player:${userId}`)) === id) await this.deps.dialogues.delete(`tour-player:${userId}`);
      if (forfeitGame) await this.endGame(forfeitGame, userId);
      await this.makeGames(id);
    }
    return r;
  }

  /** Start now (the creator or an admin): the first round is paired and its matches made. */
  async start(id: string, byUser: number, admin: boolean): Promise<ManageResult> {
    const r = await this.change<ManageResult>(id, (t) => {
      if (!this.mayManage(t, byUser, admin)) return { keep: { kind: 'not-allowed', tournament: t } };
      if (t.status !== 'open') return { keep: { kind: 'wrong-state', tournament: t } };
      return this.begin(t);
    });
    if (r === 'gone') return { kind: 'gone' };
    if (r.kind === 'done') await this.makeGames(id);
    return r;
  }

  private begin(t: Tournament): { write: Tournament; out: ManageResult } | { keep: ManageResult } {
    const n = t.players.filter((p) => !p.out).length;
    if (n < MIN_PLAYERS) return { keep: { kind: 'too-few', tournament: t } };
    const started: Tournament = { ...t, status: 'running', totalRounds: roundsFor(t.settings.format, n, t.settings.rounds) };
    const next = this.openRound(started);
    return { write: next, out: { kind: 'done', tournament: next } };
  }

  /** Pause (no new round starts; the round's deadline stops) or go on. */
  async pause(id: string, byUser: number, admin: boolean, on: boolean): Promise<ManageResult> {
    const r = await this.change<ManageResult>(id, (t) => {
      if (!this.mayManage(t, byUser, admin)) return { keep: { kind: 'not-allowed', tournament: t } };
      const now = this.deps.now();
      if (on) {
        if (t.status !== 'running') return { keep: { kind: 'wrong-state', tournament: t } };
        const round = t.rounds.at(-1);
        const next: Tournament = { ...t, status: 'paused', pausedLeft: round ? Math.max(0, round.deadline - now) : 0 };
        return { write: next, out: { kind: 'done', tournament: next } };
      }
      if (t.status !== 'paused') return { keep: { kind: 'wrong-state', tournament: t } };
      const left = t.pausedLeft ?? 0;
      const rounds = t.rounds.map((r, i) => (i === t.rounds.length - 1 ? { ...r, deadline: now + left } : r));
      const { pausedLeft: _p, ...rest } = t;
      const next = this.advance({ ...rest, status: 'running', rounds });
      return { write: next, out: { kind: 'done', tournament: next } };
    });
    if (r === 'gone') return { kind: 'gone' };
    if (r.kind === 'done') await this.makeGames(id);
    return r;
  }

  /** Cancel (the creator or an admin): unfinished matches are decided as at a deadline; the tournament ends. */
  async cancel(id: string, byUser: number, admin: boolean): Promise<ManageResult> {
    const t = await this.get(id);
    if (!t) return { kind: 'gone' };
    if (!this.mayManage(t, byUser, admin)) return { kind: 'not-allowed', tournament: t };
    if (!isLive(t)) return { kind: 'wrong-state', tournament: t };
    if (t.status !== 'open') await this.adjudicateRound(id);
    const r = await this.change<ManageResult>(id, (cur) => {
      if (!isLive(cur)) return { keep: { kind: 'wrong-state', tournament: cur } };
      const next: Tournament = { ...cur, status: 'cancelled' };
      return { write: next, out: { kind: 'done', tournament: next } };
    });
    return r === 'gone' ? { kind: 'gone' } : r;
  }

  /** The group's announcement (or a round's pairings message) was posted: its message id kept. */
  async noteMessage(id: string, what: 'announce' | number, messageId: number): Promise<void> {
    await this.change<null>(id, (t) => {
      if (what === 'announce') return t.messages.announce === messageId ? { keep: null } : { write: { ...t, messages: { ...t.messages, announce: messageId } }, out: null };
      if (t.messages.pairings[String(what)] === messageId) return { keep: null };
      return { write: { ...t, messages: { ...t.messages, pairings: { ...t.messages.pairings, [String(what)]: messageId } } }, out: null };
    });
  }

  /** A new round, paired from the stored results, added to the record (its games are made after the write). */
  private openRound(t: Tournament): Tournament {
    const no = t.rounds.length + 1;
    const now = this.deps.now();
    const length = t.settings.format === 'knockout' && t.settings.grow ? Math.min(25, t.settings.length + 2 * (no - 1)) : t.settings.length;
    const draw = nextDraw(t);
    let pairings: Pairing[] = draw.map((d) => ({ a: d.a, b: d.b, ...(d.slot !== undefined ? { slot: d.slot } : {}) }));
    // A bye is a match won; a pairing with a player who left is won by the other.
    const out = new Set(t.players.filter((p) => p.out).map((p) => p.id));
    pairings = pairings.map((p) => {
      if (p.b === null) return { ...p, result: { winner: p.a, a: 0, b: 0, how: 'bye' } };
      if (out.has(p.a) || out.has(p.b)) {
        const winner = out.has(p.a) ? (out.has(p.b) ? null : p.b) : p.a;
        return { ...p, result: { winner, a: 0, b: 0, how: 'forfeit' } };
      }
      return p;
    });
    const round: Round = { no, length, startedAt: now, deadline: now + t.settings.roundSeconds * 1000, pairings };
    return { ...t, rounds: [...t.rounds, round] };
  }

  /** After a result: a finished round opens the next one, or ends the tournament. */
  private advance(t: Tournament): Tournament {
    if (t.status !== 'running') return t;
    const round = t.rounds.at(-1);
    if (!round || round.pairings.some((p) => !p.result)) return t;
    if (this.isOver(t)) return { ...t, status: 'finished' };
    return this.openRound(t);
  }

  private isOver(t: Tournament): boolean {
    const active = t.players.filter((p) => !p.out).length;
    if (t.settings.format === 'knockout') {
      const last = t.rounds.at(-1)!;
      const through = last.pairings.map((p) => (p.b === null ? p.a : (p.result?.winner ?? null))).filter((x) => x !== null);
      return through.length <= 1;
    }
    return t.rounds.length >= t.totalRounds || active < 2;
  }

  /** Make the games of the current round's pairings that have none (idempotent: a game's id is fixed by its pairing). */
  async makeGames(id: string): Promise<void> {
    const t = await this.get(id);
    if (!t || t.status !== 'running') return;
    const round = t.rounds.at(-1);
    if (!round) return;
    for (let i = 0; i < round.pairings.length; i++) {
      const p = round.pairings[i]!;
      if (p.b === null || p.game || p.result) continue;
      const gameId = gameIdOf(t.id, round.no, i);
      if (!(await this.deps.games.get(gameId))) {
        const a = t.players.find((x) => x.id === p.a)!;
        const b = t.players.find((x) => x.id === p.b)!;
        const human = (e: Entrant): Human => ({ kind: 'human', id: e.id, name: e.name, lang: isLang(e.lang) ? e.lang : t.lang });
        try {
          await this.deps.games.start({
            id: gameId,
            kind: 'link',
            chatId: a.id,
            lang: a.lang,
            white: human(a),
            black: human(b),
            variant: t.settings.variant,
            length: round.length,
            cube: t.settings.variant === 'short' && t.settings.cube,
            colours: 'random',
            tournament: { id: t.id, round: round.no },
            rated: t.settings.rated,
            moveSeconds: t.settings.moveSeconds,
          });
        } catch (e) {
          // Made meanwhile by another instance: the same id, so the same game.
          if (!(await this.deps.games.get(gameId))) throw e;
        }
      }
      await this.change<null>(id, (cur) => {
        const r = cur.rounds.find((x) => x.no === round.no);
        const q = r?.pairings[i];
        if (!r || !q || q.game) return { keep: null };
        return { write: withPairing(cur, round.no, i, { ...q, game: gameId }), out: null };
      });
    }
  }

  /** A match of the table ended (the `matchOver` listener): its result into its pairing, once. */
  async matchOver(rec: GameRecord): Promise<void> {
    const tour = rec.tournament;
    if (!tour || !rec.finished || !rec.match.winner) return;
    const winnerRef = rec.players[rec.match.winner];
    if (winnerRef.kind !== 'human') return;
    await this.change<null>(tour.id, (t) => {
      const round = t.rounds.find((r) => r.no === tour.round);
      // The pairing whose game this is (its id is made from its place, whether or not noted yet).
      const i = round ? round.pairings.findIndex((p, k) => p.b !== null && (p.game === rec.id || gameIdOf(t.id, tour.round, k) === rec.id)) : -1;
      if (!round || i < 0) return { keep: null };
      const p = round.pairings[i]!;
      if (p.result) return { keep: null };
      const sideOf = (id: number): 'white' | 'black' => seatOf(rec, id) ?? 'white';
      const result: PairingResult = { winner: winnerRef.id, a: rec.match.score[sideOf(p.a)], b: rec.match.score[sideOf(p.b!)], how: 'played' };
      const next = this.advance(withPairing(t, round.no, i, { ...p, game: rec.id, result }));
      return { write: next, out: null };
    });
    await this.makeGames(tour.id);
  }

  /** The tournament's timer came due: a scheduled start, the reminder, the round's deadline, games not made yet. */
  async due(id: string): Promise<void> {
    const t = await this.get(id);
    if (!t || !isLive(t)) return;
    const now = this.deps.now();
    if (t.status === 'open' && t.settings.startAt !== null && t.settings.startAt <= now) {
      const r = await this.change<ManageResult>(id, (cur) => (cur.status === 'open' ? this.begin(cur) : { keep: { kind: 'wrong-state', tournament: cur } }));
      // Too few players at the time: the tournament does not take place.
      if (r !== 'gone' && r.kind === 'too-few') await this.change<null>(id, (cur) => (cur.status === 'open' ? { write: { ...cur, status: 'cancelled' }, out: null } : { keep: null }));
      await this.makeGames(id);
      return;
    }
    if (t.status !== 'running') return void (await this.schedule(t));
    await this.makeGames(id);
    const round = t.rounds.at(-1);
    if (round && !round.reminded && reminderAt(round) <= now) {
      await this.change<null>(id, (cur) => {
        const r = cur.rounds.at(-1);
        return r && r.no === round.no && !r.reminded ? { write: { ...cur, rounds: cur.rounds.map((x) => (x.no === r.no ? { ...x, reminded: true } : x)) }, out: null } : { keep: null };
      });
    }
    if (round && round.deadline <= now) await this.adjudicateRound(id);
    else {
      // Nothing changed: the timer is set again (its resync), and the group's messages are checked.
      const cur = await this.get(id);
      if (cur) {
        const { v: _v, ...rest } = cur;
        await this.schedule(rest);
        this.told(rest);
      }
    }
  }

  /**
   * The round's deadline: every unfinished match is decided. The match score decides; where it is
   * level, the hard bot's match-winning chances on the current position. Neither player acted in
   * the whole round: both lose. The game itself is ended as a forfeit of the side decided against.
   */
  private async adjudicateRound(id: string): Promise<void> {
    const t = await this.get(id);
    const round = t?.rounds.at(-1);
    if (!t || !round) return;
    const decided: Array<{ game: string; loser: number }> = [];
    for (let i = 0; i < round.pairings.length; i++) {
      const p = round.pairings[i]!;
      if (p.result || p.b === null) continue;
      const rec = p.game ? await this.deps.games.get(p.game) : null;
      let result: PairingResult;
      if (!rec || rec.finished) {
        if (rec?.finished) continue; // its matchOver is on its way
        result = { winner: null, a: 0, b: 0, how: 'both-idle' };
      } else {
        const sa = seatOf(rec, p.a) ?? 'white';
        const sb = seatOf(rec, p.b) ?? 'black';
        const idle = rec.v === 0;
        if (idle) result = { winner: null, a: rec.match.score[sa], b: rec.match.score[sb], how: 'both-idle' };
        else if (rec.match.score[sa] !== rec.match.score[sb]) {
          result = { winner: rec.match.score[sa] > rec.match.score[sb] ? p.a : p.b, a: rec.match.score[sa], b: rec.match.score[sb], how: 'adjudicated' };
        } else {
          const white = await (this.deps.chanceOfWhite ?? (async (r: GameRecord) => hardChanceOfWhite(r)))(rec);
          const chanceA = sa === 'white' ? white : 1 - white;
          // Exactly even (the very start): the player placed higher at the start (the seed).
          const aWins = chanceA > 0.5 || (chanceA === 0.5 && rank(t, p.a) < rank(t, p.b));
          result = { winner: aWins ? p.a : p.b, a: rec.match.score[sa], b: rec.match.score[sb], how: 'adjudicated', chance: Math.round((aWins ? chanceA : 1 - chanceA) * 1000) / 1000 };
        }
        // The game ends as a forfeit: by the side decided against, or (both idle) by the side whose clock ran.
        const loser = result.winner === null ? ((rec.players[toAct(rec) ?? 'white'] as Human).id ?? p.a) : result.winner === p.a ? p.b : p.a;
        decided.push({ game: rec.id, loser });
      }
      await this.change<null>(id, (cur) => {
        const r = cur.rounds.find((x) => x.no === round.no);
        if (!r || r.pairings[i]?.result) return { keep: null };
        return { write: withResult(cur, round.no, i, result), out: null };
      });
    }
    for (const d of decided) await this.endGame(d.game, d.loser);
    await this.change<null>(id, (cur) => {
      const next = this.advance(cur);
      return next === cur ? { keep: null } : { write: next, out: null };
    });
    await this.makeGames(id);
  }

  /** End a tournament game whose result the tournament decided (its boards show it over). */
  private async endGame(gameId: string, loser: number): Promise<void> {
    const r = await this.deps.games.act(gameId, loser, { kind: 'forfeit' });
    if (r.kind !== 'applied' && r.kind !== 'stale' && r.kind !== 'gone') this.deps.warn(`a tournament game could not be ended (${r.kind})`, null, gameId);
  }
}

function rank(t: Tournament, id: number): number {
  const i = [...t.players].sort((x, y) => y.rating - x.rating || x.joinedAt - y.joinedAt).findIndex((p) => p.id === id);
  return i < 0 ? Infinity : i;
}

/** When the players are reminded of a round's deadline: an hour before (a quarter of a short round). */
export function reminderAt(r: Round): number {
  const len = r.deadline - r.startedAt;
  return r.deadline - Math.min(3_600_000, Math.floor(len / 4));
}

function withPairing(t: Tournament, roundNo: number, i: number, p: Pairing): Tournament {
  return { ...t, rounds: t.rounds.map((r) => (r.no === roundNo ? { ...r, pairings: r.pairings.map((q, k) => (k === i ? p : q)) } : r)) };
}

function withResult(t: Tournament, roundNo: number, i: number, result: PairingResult): Tournament {
  const r = t.rounds.find((x) => x.no === roundNo)!;
  return withPairing(t, roundNo, i, { ...r.pairings[i]!, result });
}

/** The podium: Swiss and round robin by the standings; knockout by the bracket (the final's winner, its loser, the semi-finals' losers). */
export function podium(t: Tournament): Array<{ id: number; name: string; place: number }> {
  if (t.settings.format !== 'knockout') return standings(t).slice(0, 3).map((s, i) => ({ id: s.id, name: s.name, place: i + 1 }));
  const name = (id: number): string => t.players.find((p) => p.id === id)?.name ?? '?';
  const out: Array<{ id: number; name: string; place: number }> = [];
  const last = t.rounds.at(-1);
  if (!last) return out;
  const final = last.pairings.find((p) => p.b !== null) ?? last.pairings[0];
  if (!final) return out;
  const champ = final.b === null ? final.a : final.result?.winner;
  if (champ !== null && champ !== undefined) out.push({ id: champ, name: name(champ), place: 1 });
  if (final.b !== null) {
    const second = final.a === champ ? final.b : final.a;
    out.push({ id: second, name: name(second), place: 2 });
  }
  const semi = t.rounds.at(-2);
  for (const p of semi?.pairings ?? []) {
    if (p.b === null || !p.result) continue;
    const loser = p.result.winner === p.a ? p.b : p.a;
    if (!out.some((o) => o.id === loser)) out.push({ id: loser, name: name(loser), place: 3 });
  }
  return out;
}
