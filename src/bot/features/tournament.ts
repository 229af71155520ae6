/**
 * Tournaments in a group, as the chat shows them: /tournament (options, quick starts, management),
 * the announcement with Join (a deep link to the private chat) / Leave / Start / Cancel, and the
 * desk that keeps the group's messages in step with the tournament: the round's pairings (one
 * message, edited as results come), a standings picture (a bracket for knockout) after each round,
 * the podium; and each player's private notices (their match, a bye, the deadline's reminder).
 * The group never carries a game's board: the matches are played by link.
 */
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { isLive, type Format, type Tournament, type TournamentSettings } from '../../app/tournament/model.js';
import { podium, MAX_PLAYERS, MAX_ROUND_ROBIN, MIN_PLAYERS } from '../../app/tournament/tournaments.js';
import { standings } from '../../app/tournament/standings.js';
import type { Variant } from '../../engine/types.js';
import type { Lang } from '../../app/model.js';
import { releaseLock, takeLock } from '../../app/lock.js';
import { bracketSvg, renderSvgPng, standingsSvg } from '../../render/tournament.js';
import { displayName, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';
import { encode } from '../codec.js';
import type { Ctx } from '../context.js';
import { answerQuery, isGroupAdmin } from '../replies.js';
import type { Services } from '../services.js';

const DEFAULTS = { moveSeconds: 2 * 3600, roundSeconds: 24 * 3600, maxPlayers: 32 } as const;

/** A duration in words: "2 h", "30 min". */
function duration(t: Translate, seconds: number): string {
  return seconds % 3600 === 0 ? t('tournament-hours', { n: seconds / 3600 }) : t('tournament-minutes', { n: Math.round(seconds / 60) });
}

const utc = (ms: number): string => new Date(ms).toISOString().slice(5, 16).replace('T', ' ');

export function tournamentTitle(t: Translate, x: { settings: { variant: Variant; format: Format } }): string {
  return t('tournament-title', { variant: t(`variant-${x.settings.variant}`), format: t(`tournament-format-${x.settings.format}`) });
}

function nameOf(tour: Tournament, id: number | null): string {
  return id === null ? '—' : (tour.players.find((p) => p.id === id)?.name ?? '?');
}

/** The announcement: what, how, who is in, and the state. */
export function announceText(t: Translate, tour: Tournament): string {
  const s = tour.settings;
  const lines = [`🏆 ${tournamentTitle(t, tour)}`, t('tournament-settings', { length: s.length, cube: s.variant === 'short' && s.cube && s.length > 1 ? 'yes' : 'no', rated: s.rated ? 'yes' : 'no', move: duration(t, s.moveSeconds), round: duration(t, s.roundSeconds) })];
  if (tour.status === 'open') lines.push(s.startAt !== null ? t('tournament-starts-at', { time: utc(s.startAt) }) : t('tournament-starts-by-creator', { creator: tour.creator.name }));
  const live = tour.players.filter((p) => !p.out);
  lines.push('', t('tournament-players', { count: live.length, max: s.maxPlayers }));
  lines.push(live.length ? live.map((p, i) => `${i + 1}. ${displayName({ first_name: p.name })} (${Math.round(p.rating)})`).join('\n') : t('tournament-nobody'));
  lines.push('');
  if (tour.status === 'open') lines.push(t('tournament-join-how'));
  else if (tour.status === 'running') lines.push(t('tournament-status-running', { round: tour.rounds.length, total: tour.totalRounds }));
  else lines.push(t(`tournament-status-${tour.status}`));
  return lines.join('\n').slice(0, 4000);
}

function announceKeyboard(t: Translate, tour: Tournament, bot: string): InlineKeyboard | undefined {
  if (!isLive(tour)) return undefined;
  const kb = new InlineKeyboard();
  const joinable = tour.status === 'open' || (tour.status === 'running' && tour.settings.format === 'swiss' && tour.rounds.length < tour.totalRounds / 2);
  if (joinable) kb.url(t('btn-tournament-join'), `https://t.me/${bot}?start=tj_${tour.id}`);
  kb.text(t('btn-tournament-leave'), encode({ kind: 'tournament', id: tour.id, act: 'leave' })).row();
  if (tour.status === 'open') kb.text(t('btn-tournament-start'), encode({ kind: 'tournament', id: tour.id, act: 'start' }));
  if (tour.status === 'running') kb.text(t('btn-tournament-pause'), encode({ kind: 'tournament', id: tour.id, act: 'pause' }));
  if (tour.status === 'paused') kb.text(t('btn-tournament-resume'), encode({ kind: 'tournament', id: tour.id, act: 'resume' }));
  kb.text(t('btn-tournament-cancel'), encode({ kind: 'tournament', id: tour.id, act: 'cancel' }));
  return kb;
}

/** A round's pairings and results, one line each. */
export function pairingsText(t: Translate, tour: Tournament, roundNo: number): string {
  const round = tour.rounds.find((r) => r.no === roundNo)!;
  const lines = [t('tournament-round-head', { title: tournamentTitle(t, tour), round: roundNo, total: tour.totalRounds, deadline: utc(round.deadline) }), ''];
  for (const p of round.pairings) {
    const a = nameOf(tour, p.a);
    const b = nameOf(tour, p.b);
    const r = p.result;
    if (p.b === null) lines.push(t('tournament-pair-bye', { a }));
    else if (!r) lines.push(t('tournament-pair-playing', { a, b }));
    else if (r.how === 'both-idle') lines.push(t('tournament-pair-both-idle', { a, b }));
    else {
      const winner = nameOf(tour, r.winner);
      const loser = r.winner === p.a ? b : a;
      const score = r.winner === p.a ? `${r.a}:${r.b}` : `${r.b}:${r.a}`;
      if (r.how === 'forfeit') lines.push(t('tournament-pair-forfeit', { winner, loser }));
      else if (r.how === 'adjudicated' && r.chance !== undefined) lines.push(t('tournament-pair-adjudicated-chance', { winner, loser, chance: Math.round(r.chance * 100) }));
      else if (r.how === 'adjudicated') lines.push(t('tournament-pair-adjudicated', { winner, loser, score }));
      else lines.push(t('tournament-pair-won', { winner, loser, score }));
    }
  }
  return lines.join('\n').slice(0, 4000);
}

/** The standings (or, for knockout, the bracket) after a round, as a picture. */
export async function roundPicture(t: Translate, tour: Tournament, roundNo: number): Promise<{ png: Buffer; caption: string }> {
  const upto: Tournament = { ...tour, rounds: tour.rounds.filter((r) => r.no <= roundNo) };
  const title = tournamentTitle(t, tour);
  const subtitle = `${t('tournament-round-name', { round: roundNo })} / ${tour.totalRounds}`;
  if (tour.settings.format === 'knockout') {
    const matches = upto.rounds.map((r) => {
      const width = Math.max(...r.pairings.map((p) => p.slot ?? 0)) + 1;
      const bySlot = new Map(r.pairings.map((p) => [p.slot ?? 0, p]));
      return Array.from({ length: width }, (_, j) => {
        const p = bySlot.get(j);
        if (!p) return { names: [null, null] as [null, null], winner: null };
        const winner: 0 | 1 | null = p.b === null ? 0 : p.result?.winner === p.a ? 0 : p.result?.winner === p.b ? 1 : null;
        return { names: [nameOf(tour, p.a), p.b === null ? null : nameOf(tour, p.b)] as [string, string | null], winner, ...(p.result && p.b !== null ? { score: `${p.result.a}:${p.result.b}` } : {}) };
      });
    });
    const rounds = upto.rounds.map((r) => (r.no === tour.totalRounds ? t('tournament-final') : t('tournament-round-name', { round: r.no })));
    const png = await renderSvgPng(bracketSvg({ title, subtitle, rounds, matches }));
    return { png, caption: t('tournament-bracket-caption', { title, round: roundNo }) };
  }
  const heads = t('tournament-heads').split(',').map((x) => x.trim()) as unknown as [string, string, string, string, string, string];
  const rows = standings(upto).map((s) => ({ place: s.rank, name: s.name, points: s.points, buchholz: s.buchholz, sb: s.sb, diff: s.diff, out: s.out !== null }));
  const png = await renderSvgPng(standingsSvg({ title, subtitle, heads, rows }));
  return { png, caption: t('tournament-standings-caption', { title, round: roundNo }) };
}

const DURATION = /^(\d{1,4})(m|min|h|ч|d|д|м|мин)$/;

function seconds(word: string): number | null {
  const m = DURATION.exec(word);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2]!;
  return unit.startsWith('m') || unit.startsWith('м') ? n * 60 : unit === 'h' || unit === 'ч' ? n * 3600 : n * 86_400;
}

type Parsed = { kind: 'settings'; settings: TournamentSettings } | { kind: 'error'; key: string; args: Record<string, string> };

/** /tournament's options (strict: anything not understood is named back and nothing is done). */
export function parseTournament(words: readonly string[], now: number): Parsed {
  let variant: Variant = 'long';
  let format: Format = 'swiss';
  let length: number | null = null;
  let cube = false;
  let rated = true;
  let maxPlayers: number = DEFAULTS.maxPlayers;
  let rounds: number | null = null;
  let roundSeconds: number = DEFAULTS.roundSeconds;
  let moveSeconds: number = DEFAULTS.moveSeconds;
  let startAt: number | null = null;
  let grow = false;
  const bad = (word: string): Parsed => ({ kind: 'error', key: 'tournament-bad-option', args: { word } });
  const range = (word: string, r: string): Parsed => ({ kind: 'error', key: 'tournament-bad-value', args: { word, range: r } });
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.toLowerCase();
    const next = (): string => (words[++i] ?? '').toLowerCase();
    if (w === 'long' || w === 'длинные') variant = 'long';
    else if (w === 'short' || w === 'короткие') variant = 'short';
    else if (w === 'swiss' || w === 'швейцарка') format = 'swiss';
    else if (w === 'knockout' || w === 'олимпийка' || w === 'выбывание') format = 'knockout';
    else if (w === 'roundrobin' || w === 'круговой') format = 'roundrobin';
    else if (/^\d{1,2}$/.test(w)) {
      length = Number(w);
      if (length < 1 || length > 25) return range(w, '1–25');
    } else if (w === 'cube' || w === 'куб') cube = true;
    else if (w === 'unrated' || w === 'безрейтинга') rated = false;
    else if (w === 'grow') grow = true;
    else if (w === 'players' || w === 'игроков') {
      const v = next();
      maxPlayers = Number(v);
      if (!/^\d{1,3}$/.test(v) || maxPlayers < MIN_PLAYERS || maxPlayers > MAX_PLAYERS) return range(w, `${MIN_PLAYERS}–${MAX_PLAYERS}`);
    } else if (w === 'rounds' || w === 'туров') {
      const v = next();
      rounds = Number(v);
      if (!/^\d{1,2}$/.test(v) || rounds < 1 || rounds > 15) return range(w, '1–15');
    } else if (w === 'round' || w === 'тур') {
      const v = seconds(next());
      if (v === null || v < 600 || v > 14 * 86_400) return range(w, '10m–14d');
      roundSeconds = v;
    } else if (w === 'move' || w === 'ход') {
      const v = seconds(next());
      if (v === null || v < 60 || v > 3 * 86_400) return range(w, '1m–3d');
      moveSeconds = v;
    } else if (w === 'start' || w === 'старт') {
      const v = next();
      const rel = seconds(v);
      const hm = /^(\d{1,2}):(\d{2})$/.exec(v);
      if (rel !== null && rel <= 7 * 86_400) startAt = now + rel * 1000;
      else if (hm && Number(hm[1]) < 24 && Number(hm[2]) < 60) {
        const d = new Date(now);
        let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Number(hm[1]), Number(hm[2]));
        if (at <= now) at += 86_400_000;
        startAt = at;
      } else return range(w, 'HH:MM / 30m');
    } else return bad(words[i]!);
  }
  if (format === 'roundrobin') maxPlayers = Math.min(maxPlayers, MAX_ROUND_ROBIN);
  const len = length ?? (variant === 'short' ? 3 : 1);
  return { kind: 'settings', settings: { variant, format, length: len, cube: variant === 'short' && len > 1 && (cube || length === null), rated, moveSeconds, roundSeconds: Math.max(roundSeconds, moveSeconds), maxPlayers, startAt, grow, rounds } };
}



/** The toast of a management result. */
function manageToast(t: Translate, kind: string): string {
  if (kind === 'too-few') return t('toast-tournament-too-few', { min: MIN_PLAYERS });
  return t(`toast-tournament-${kind === 'gone' ? 'wrong-state' : kind}`);
}

export function tournamentCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (!ctx.chat || !ctx.from) return;
    if (ctx.chat.type === 'private' || ctx.chat.type === 'channel') return void (await ctx.reply(t('tournament-private')));
    const words = (typeof ctx.match === 'string' ? ctx.match : '').trim().split(/\s+/).filter(Boolean);
    const live = await s.app.tournaments.active(ctx.chat.id);
    const sub = words[0]?.toLowerCase();
    const manage = ['start', 'pause', 'resume', 'cancel', 'remove', 'leave', 'standings'];
    if (sub && manage.includes(sub)) {
      if (!live) return void (await ctx.reply(t('tournament-none')));
      const admin = sub === 'leave' || sub === 'standings' ? false : await isGroupAdmin(ctx);
      let r: { kind: string };
      if (sub === 'standings') {
        const done = [...live.rounds].reverse().find((x) => x.pairings.every((p) => p.result));
        if (!done) return void (await ctx.reply(live.rounds.length ? pairingsText(s.t(live.lang), live, live.rounds.at(-1)!.no) : announceText(s.t(live.lang), live)));
        const pic = await roundPicture(s.t(live.lang), live, done.no);
        return void (await ctx.replyWithPhoto(new InputFile(pic.png, 'standings.png'), { caption: pic.caption }));
      }
      if (sub === 'start') r = await s.app.tournaments.start(live.id, ctx.from.id, admin);
      else if (sub === 'pause' || sub === 'resume') r = await s.app.tournaments.pause(live.id, ctx.from.id, admin, sub === 'pause');
      else if (sub === 'cancel') r = await s.app.tournaments.cancel(live.id, ctx.from.id, admin);
      else if (sub === 'leave') r = await s.app.tournaments.leave(live.id, ctx.from.id);
      else {
        const name = words.slice(1).join(' ').replace(/^@/, '').toLowerCase();
        const who = live.players.find((p) => !p.out && (p.name.toLowerCase() === name || String(p.id) === name));
        if (!who) return void (await ctx.reply(t('tournament-no-such-player', { name: words.slice(1).join(' ') || '?' })));
        r = await s.app.tournaments.remove(live.id, ctx.from.id, admin, who.id);
        if (r.kind === 'done') return void (await ctx.reply(t('tournament-removed', { name: who.name })));
      }
      return void (await ctx.reply(manageToast(t, r.kind)));
    }
    if (live && words.length === 0) return void (await ctx.reply(t('tournament-exists', { title: tournamentTitle(t, live) })));
    if (words.length === 0) {
      const kb = new InlineKeyboard();
      for (const variant of ['long', 'short'] as const) {
        for (const format of ['swiss', 'knockout', 'roundrobin'] as const) kb.text(t('btn-tournament-new', { variant: t(`variant-${variant}`), format: t(`tournament-format-${format}`) }), encode({ kind: 'tournament-new', variant, format }));
        kb.row();
      }
      return void (await ctx.reply(t('tournament-help'), { reply_markup: kb }));
    }
    const parsed = parseTournament(words, s.app.now());
    if (parsed.kind === 'error') return void (await ctx.reply(t(parsed.key, parsed.args)));
    if (live) return void (await ctx.reply(t('tournament-exists', { title: tournamentTitle(t, live) })));
    await create(ctx, s, parsed.settings);
  };
}

async function create(ctx: Ctx, s: Services, settings: TournamentSettings): Promise<void> {
  const lang = await s.langOf(ctx);
  const r = await s.app.tournaments.create(ctx.chat!.id, lang, { id: ctx.from!.id, name: displayName(ctx.from!) }, settings);
  if (r.kind === 'exists') return void (await ctx.reply(ctx.t('tournament-exists', { title: r.tournament ? tournamentTitle(ctx.t.bind(ctx), r.tournament) : '' })));
  // The announcement is posted by the desk, which hears the new tournament.
}

/** /start tj_<id> in the private chat: join the tournament. */
export async function joinFromStart(ctx: Ctx, s: Services, id: string): Promise<void> {
  const t = ctx.t.bind(ctx);
  const lang = await s.langOf(ctx);
  const r = await s.app.tournaments.join(id, { id: ctx.from!.id, name: displayName(ctx.from!), lang });
  if (r.kind === 'gone') return void (await ctx.reply(t('tournament-join-gone')));
  if (r.kind === 'elsewhere') return void (await ctx.reply(t('tournament-join-elsewhere')));
  const title = tournamentTitle(t, r.tournament);
  if (r.kind === 'joined') {
    const chat = await ctx.api.getChat(r.tournament.chatId).catch(() => null);
    const group = chat && 'title' in chat ? (chat.title ?? '') : '';
    return void (await ctx.reply(t('tournament-joined', { title, group })));
  }
  await ctx.reply(t(`tournament-join-${r.kind}`, { title }));
}

export function tournamentFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, ['tournament', 'tournament-new'], async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (cb.kind === 'tournament-new') {
      if (!ctx.chat || ctx.chat.type === 'private') return void (await answerQuery(ctx, t('tournament-private')));
      const live = await s.app.tournaments.active(ctx.chat.id);
      if (live) return void (await answerQuery(ctx, t('tournament-exists', { title: tournamentTitle(t, live) })));
      const parsed = parseTournament([cb.variant, cb.format], s.app.now());
      await answerQuery(ctx);
      if (parsed.kind === 'settings') await create(ctx, s, parsed.settings);
      return;
    }
    const tour = await s.app.tournaments.get(cb.id);
    if (!tour || tour.chatId !== ctx.chat?.id) return void (await answerQuery(ctx, t('toast-tournament-wrong-state')));
    if (cb.act === 'leave') {
      const r = await s.app.tournaments.leave(cb.id, ctx.from.id);
      return void (await answerQuery(ctx, r.kind === 'done' ? t('toast-tournament-left') : manageToast(t, r.kind)));
    }
    const admin = await isGroupAdmin(ctx);
    const r =
      cb.act === 'start'
        ? await s.app.tournaments.start(cb.id, ctx.from.id, admin)
        : cb.act === 'cancel'
          ? await s.app.tournaments.cancel(cb.id, ctx.from.id, admin)
          : await s.app.tournaments.pause(cb.id, ctx.from.id, admin, cb.act === 'pause');
    await answerQuery(ctx, manageToast(t, r.kind));
  });
  return c;
}

/**
 * The desk: the group's messages and the players' notices follow each change of a tournament.
 * One instance at a time per tournament (a short lock); what a kill interrupts is done at the
 * tournament's next timer (every few minutes while it lives). Posting is at least once: a message
 * is marked posted after Telegram took it.
 */
export class TournamentDesk {
  private readonly again = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private username: string | null = null;

  constructor(private readonly s: Services) {}

  follow(): void {
    this.s.app.tournaments.onChange((t) => this.sync(t.id));
  }

  /** Resolves when the syncs under way are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  sync(id: string): void {
    if (this.running.has(id)) return void this.again.add(id);
    const run = (async () => {
      do {
        this.again.delete(id);
        await this.syncOnce(id).catch((e: unknown) => this.s.log.warn({ err: e, tournament: id }, 'a tournament\'s messages could not be brought up to date (its timer tries again)'));
      } while (this.again.has(id));
    })().finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async bot(): Promise<string> {
    this.username ??= (await this.s.api.getMe()).username;
    return this.username;
  }

  private async mark(key: string): Promise<boolean> {
    return (await this.s.app.dialogues.read(key)) === 1;
  }

  private async setMark(key: string): Promise<void> {
    await this.s.app.dialogues.write(key, 1, 90 * 86_400);
  }

  private async syncOnce(id: string): Promise<void> {
    const d = this.s.app.dialogues;
    const lock = `tour-desk:${id}`;
    const me = this.s.app.inbox.owner;
    // Another instance at it: look again shortly (a holder that died leaves its lock at once).
    if (!(await takeLock(d, lock, me, 30, (who) => this.s.app.inbox.alive(who)))) return void setTimeout(() => this.sync(id), 3000).unref();
    try {
      const tour = await this.s.app.tournaments.get(id);
      if (!tour) return;
      const t = this.s.t(tour.lang);
      const api = this.s.api;
      // The announcement.
      const text = announceText(t, tour);
      const kb = announceKeyboard(t, tour, await this.bot());
      const shown = await d.read(`tour-ann-text:${id}`);
      if (tour.messages.announce === null) {
        if (isLive(tour)) {
          const m = await api.sendMessage(tour.chatId, text, kb ? { reply_markup: kb } : {});
          await this.s.app.tournaments.noteMessage(id, 'announce', m.message_id);
          await d.write(`tour-ann-text:${id}`, text + JSON.stringify(kb ?? null), 90 * 86_400);
        }
      } else if (shown !== text + JSON.stringify(kb ?? null)) {
        await api.editMessageText(tour.chatId, tour.messages.announce, text, kb ? { reply_markup: kb } : { reply_markup: { inline_keyboard: [] } }).catch((e: unknown) => {
          if (!String(e).includes('message is not modified')) throw e;
        });
        await d.write(`tour-ann-text:${id}`, text + JSON.stringify(kb ?? null), 90 * 86_400);
      }
      // Each round: its pairings (posted, then edited as results come), the players told.
      for (const round of tour.rounds) {
        const pt = pairingsText(t, tour, round.no);
        const mid = tour.messages.pairings[String(round.no)];
        const key = `tour-pair-text:${id}:${round.no}`;
        if (mid === undefined) {
          const m = await api.sendMessage(tour.chatId, pt);
          await this.s.app.tournaments.noteMessage(id, round.no, m.message_id);
          await d.write(key, pt, 90 * 86_400);
        } else if ((await d.read(key)) !== pt) {
          await api.editMessageText(tour.chatId, mid, pt).catch((e: unknown) => {
            if (!String(e).includes('message is not modified')) throw e;
          });
          await d.write(key, pt, 90 * 86_400);
        }
        for (const p of round.pairings) {
          for (const [me, other] of [[p.a, p.b], [p.b, p.a]] as const) {
            if (me === null) continue;
            const told = `tour-told:${id}:${round.no}:${me}`;
            if (await this.mark(told)) continue;
            const player = tour.players.find((x) => x.id === me);
            const pt2 = this.s.t((player?.lang ?? tour.lang) as Lang);
            const title = tournamentTitle(pt2, tour);
            if (other === null) await api.sendMessage(me, pt2('tournament-your-bye', { title, round: round.no }));
            else if (!p.result) await api.sendMessage(me, pt2('tournament-your-match', { title, round: round.no, opponent: nameOf(tour, other), deadline: utc(round.deadline) }));
            await this.setMark(told);
          }
        }
        if (round.reminded) {
          for (const p of round.pairings) {
            if (p.result || p.b === null) continue;
            for (const [me, other] of [[p.a, p.b], [p.b, p.a]] as const) {
              const key2 = `tour-remind:${id}:${round.no}:${me}`;
              if (await this.mark(key2)) continue;
              const player = tour.players.find((x) => x.id === me);
              const pt2 = this.s.t((player?.lang ?? tour.lang) as Lang);
              await api.sendMessage(me, pt2('tournament-reminder', { title: tournamentTitle(pt2, tour), round: round.no, opponent: nameOf(tour, other), deadline: utc(round.deadline) }));
              await this.setMark(key2);
            }
          }
        }
        // A finished round: the standings (or the bracket) as a picture, once.
        if (round.pairings.every((p) => p.result)) {
          const key3 = `tour-standings:${id}:${round.no}`;
          if (!(await this.mark(key3))) {
            const pic = await roundPicture(t, tour, round.no);
            await api.sendPhoto(tour.chatId, new InputFile(pic.png, 'standings.png'), { caption: pic.caption });
            await this.setMark(key3);
          }
        }
      }
      // The end: the podium (or the cancellation), once.
      if (!isLive(tour)) {
        const key4 = `tour-end:${id}`;
        if (!(await this.mark(key4))) {
          const title = tournamentTitle(t, tour);
          if (tour.status === 'cancelled') await api.sendMessage(tour.chatId, t('tournament-cancelled-note', { title }));
          else {
            const pod = podium(tour);
            const name = (place: number): string => pod.filter((p) => p.place === place).map((p) => p.name).join(', ') || '—';
            await api.sendMessage(tour.chatId, pod.length >= 2 ? t('tournament-podium', { title, first: name(1), second: name(2), third: name(3) }) : t('tournament-podium-short', { title, first: name(1) }));
          }
          await this.setMark(key4);
        }
      }
    } finally {
      await releaseLock(d, lock, me);
    }
  }
}
