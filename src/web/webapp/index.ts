/**
 * The Mini App: a live board in Telegram, served by the bot's own HTTP server under /app/.
 *
 *   GET  /app/                 the page (built by Vite from src/web/page into dist/webapp; strict CSP)
 *   GET  /app/api/games        the person's games in play
 *   GET  /app/api/state?g=ID   one game as this person's seat sees it: board, players, choices, news
 *   POST /app/api/new          {variant, level}: a new single game against the bot (the page's list)
 *   GET  /app/api/puzzle       the puzzle on the person's board (or a new one); POST {act: next} a
 *                              new one, {act: answer, id, n} the n-th answer as shown
 *   POST /app/api/act          {g, v, act}: one press, through the same use cases as the buttons
 *   GET  /app/api/events?g=ID  server-sent events: the game's version whenever it changes (any
 *                              instance: through the store's feed, Redis pub/sub)
 *
 * Every API request carries Telegram's launch data (header X-Telegram-Init-Data), verified on
 * each request; the person acts only on the seat the stored record gives them. A press names the
 * version it was made on, so a replayed or late one changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAct, type Intent, type Press } from '../../app/table/intent.js';
import type { GameRecord, Lang, Seat } from '../../app/model.js';
import { seatChoices, type SeatChoices } from '../../app/table/seat.js';
import { seatOf } from '../../app/table/rights.js';
import { turnKey } from '../../app/clocks.js';
import type { ResignLevel } from '../../engine/game.js';
import { gameFacts } from '../../app/table/view.js';
import { THEMES } from '../../render/theme.js';
import type { Side } from '../../engine/types.js';
import { readBody } from '../server.js';
import type { App } from '../../app/index.js';
import type { Logger } from '../../logger.js';
import { captionParts } from '../../present/caption.js';
import { renderOptions, viewerOf } from '../../present/board.js';
import { displayName, outcomeText, playerName, type Translate } from '../../present/text.js';
import { INIT_DATA_MAX_BYTES, verifyInitData, type InitData } from './init-data.js';
import { langFromTelegram } from '../../app/players.js';
import { boardData, paletteOf, positionBoard, zoneOf } from './board-data.js';
import type { BoardData, GameState, GamesList, PlayerLine, PuzzleAnswer, PuzzleView } from '../page/state.js';
import { answerMoves, PROBLEM_ID, problemPosition, type Problem } from '../../puzzles/bank.js';
import { answeredLines, answerLabels, answerToast, problemCaption, problemTable } from '../../present/puzzle.js';
import { OFFERED_LEVELS } from '../../app/model.js';

/** The page, built by Vite from src/web/page (npm run build): index.html, hashed assets, the icon. */
export const STATIC_DIR = fileURLToPath(new URL('../../../dist/webapp/', import.meta.url));
const MAX_BODY = 4096;
/** An events stream ends after this long (the page opens another): no connection lives forever. */
const STREAM_MS = 5 * 60_000;
/** A stream also looks at the stored version this often, in case a word of the feed was lost. */
const POLL_MS = 5000;
/** Live streams one person may hold open on one instance, and one game may have. */
export const MAX_STREAMS_PER_USER = 4;
export const MAX_STREAMS_PER_GAME = 64;

/** The page's Content-Security-Policy: nothing but its own files, no inline script or style. */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
].join('; ');

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.ttf': 'font/ttf', '.svg': 'image/svg+xml' };


/** What the Mini App needs: the use cases, the words and a log (the chat's front end is not among them). */
export interface WebAppDeps {
  readonly app: App;
  readonly log: Logger;
  t(lang: Lang): Translate;
}

export interface WebAppOptions {
  readonly botToken: string;
  readonly now?: () => number;
  /** The bot's username, for links into its chat (review and export after a match); '' while unknown. */
  readonly botUsername?: () => string;
}

export interface WebApp {
  /** Handle a request under /app/ (false: not the Mini App's; the server goes on). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(JSON.stringify(body));
};

/**
 * A press as the page sends it: the same short code as a chat button's (app/table/intent.ts, one
 * parser); the resign menu, which only changes a chat board, is not an act here.
 */
export function parseAct(raw: unknown): Press | { type: 'rematch' } | null {
  const act = decodeAct(raw);
  return act && act.type !== 'resign-menu' && act.type !== 'back' ? act : null;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, MAX_BODY);
  if (body === null) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

const GAME_ID = /^[0-9a-z]{10}$/;

/**
 * The language to refuse in, when the launch data cannot be trusted: the language its user
 * claims, else the browser's. Nothing is read from the store for an unverified person.
 */
export function guessLang(raw: string | null, acceptLanguage: string | undefined): Lang {
  let code: string | undefined;
  try {
    const user = raw && raw.length <= INIT_DATA_MAX_BYTES ? (JSON.parse(new URLSearchParams(raw).get('user') ?? 'null') as { language_code?: unknown } | null) : null;
    if (user && typeof user.language_code === 'string') code = user.language_code.slice(0, 16);
  } catch {
    code = undefined;
  }
  code ??= acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().slice(0, 16) || undefined;
  return langFromTelegram(code, 'en');
}

/** The page's own words (locales/*.ftl), sent with every answer in the person's language. */
const PAGE_WORDS = [
  'webapp-title', 'webapp-games', 'webapp-no-games', 'webapp-pick', 'webapp-offline', 'webapp-resign-confirm', 'webapp-not-player', 'webapp-unauthorized',
  'btn-roll', 'btn-undo', 'btn-done', 'btn-resign', 'btn-back', 'btn-decline-resign', 'btn-next-game', 'btn-rematch', 'btn-rematch-accept', 'btn-review', 'btn-export',
  'webapp-rematch-waiting', 'webapp-open-new', 'webapp-watching', 'webapp-new-game', 'webapp-new-short', 'webapp-new-long', 'webapp-level', 'webapp-list',
  'webapp-after', 'webapp-starting', 'webapp-more', 'webapp-puzzle', 'puzzle-next',
] as const;

export function createWebApp(s: WebAppDeps, opts: WebAppOptions): WebApp {
  const now = opts.now ?? Date.now;
  // The built page's files (relative paths), listed once: nothing else under /app/ is a file. Not
  // built yet: the page answers 503 and the listing is tried again at the next request.
  let staticFiles: Promise<Set<string>> | null = null;
  const listStatic = (): Promise<Set<string>> =>
    (staticFiles ??= readdir(STATIC_DIR, { recursive: true, withFileTypes: true })
      .then((entries) => new Set(entries.filter((e) => e.isFile()).map((e) => relative(STATIC_DIR, join(e.parentPath, e.name)).split(sep).join('/'))))
      .catch((err: unknown) => {
        s.log.warn({ err }, `Mini App: the page is not built (${STATIC_DIR}): run npm run build`);
        staticFiles = null;
        return new Set<string>();
      }));
  const username = opts.botUsername ?? (() => '');
  const deepLink = (payload: string): string => `https://t.me/${username()}?start=${payload}`;
  const files = new Map<string, Buffer>();
  // Live streams by game; one subscription to the feed serves them all.
  const streams = new Map<string, Set<(v: number) => void>>();
  const open = new Set<ServerResponse>();
  const perUser = new Map<number, number>();
  const polls = new Map<string, NodeJS.Timeout>();
  let unsubscribe: Promise<() => Promise<void>> | null = null;
  const listen = (): void => {
    unsubscribe ??= s.app.feed
      .subscribe((id, v) => {
        for (const f of streams.get(id) ?? []) f(v);
      })
      .catch((e: unknown) => {
        s.log.warn({ err: e }, 'Mini App: could not hear the games feed (the pages look every few seconds instead)');
        unsubscribe = null;
        return async () => undefined;
      });
  };

  async function serveFile(res: ServerResponse, dir: string, name: string, cache: string): Promise<void> {
    let body = files.get(dir + name);
    if (!body) files.set(dir + name, (body = await readFile(join(dir, name))));
    res.writeHead(200, {
      'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': cache,
    });
    res.end(body);
  }

  function auth(req: IncomingMessage, res: ServerResponse): InitData | null {
    const raw = req.headers['x-telegram-init-data'];
    const check = verifyInitData(typeof raw === 'string' ? raw : null, opts.botToken, Math.floor(now() / 1000));
    if (check.ok) return check.data;
    json(res, 401, { error: 'unauthorized', reason: check.reason, message: s.t(guessLang(typeof raw === 'string' ? raw : null, req.headers['accept-language']))('webapp-unauthorized') });
    return null;
  }

  async function langOf(who: InitData): Promise<Lang> {
    return s.app.players.language(who.user.id, who.user.languageCode ?? undefined);
  }

  /** The words of the page, in the person's language. */
  function words(t: Translate): Record<string, string> {
    return Object.fromEntries(PAGE_WORDS.map((k) => [k, t(k)]));
  }

  /** One game as this person's seat sees it. */
  async function stateOf(rec: GameRecord, userId: number, lang: Lang): Promise<GameState> {
    const t = s.t(lang);
    const settings = await s.app.players.settings(userId);
    const side = seatOf(rec, userId);
    // The person's own point of view (a spectator's: the board's first seat).
    const base = rec.seats.find((x) => x.owner === userId) ?? rec.seats[0]!;
    const seat: Seat = side ? { ...base, viewer: side, lang } : { ...base, lang };
    const viewer = viewerOf(rec, seat, settings);
    const clock = rec.kind === 'bot' ? null : await s.app.clocks.state(rec.id);
    const claimable = clock && clock.claimable && clock.key === turnKey(rec) ? { side: clock.side, key: clock.key } : null;
    const choices: SeatChoices = seatChoices(rec, userId, { now: now(), claimable, hints: settings.hints });
    const g = rec.match.game;
    const m = rec.match;
    const mover = g.position.turn;
    const options = renderOptions(rec, seat, t, settings);
    const facts = gameFacts(rec);
    const parts = captionParts(rec, seat, t, settings);
    const labels: Record<string, string> = {};
    if (choices.double) labels.double = t('btn-double', { value: choices.double });
    if (choices.take) labels.take = t('btn-take', { value: choices.take });
    if (choices.drop) labels.drop = t('btn-pass', { points: g.cube.value });
    if (choices.accept) labels.accept = t('btn-accept-resign', { points: choices.accept });
    for (const level of choices.resign) labels[`resign${level}`] = t(`btn-resign-${level}`, { points: level * g.cube.value, variant: g.variant });
    const names = { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) };
    const toAct = g.phase === 'over' ? null : facts.toAct;
    const line = (x: Side): PlayerLine => ({
      side: x,
      name: names[x],
      pips: t('webapp-pips', { pips: facts.pips[x].pips }),
      off: t('webapp-off', { off: facts.pips[x].off }),
      score: m.length > 1 ? m.score[x] : null,
      toAct: toAct === x,
    });
    const near = viewer;
    const far: Side = near === 'white' ? 'black' : 'white';
    // Waiting for the other player (a person or the bot): their name, never their movable points.
    const waiting = side && !rec.finished && toAct && toAct !== side ? t('webapp-waiting', { name: names[toAct] }) : null;
    const variant = t(`variant-${m.variant}`);
    const after = side && rec.finished && username() ? { review: deepLink(`rv_${rec.id}`), export: deepLink(`ex_${rec.id}`) } : null;
    return {
      id: rec.id,
      v: rec.v,
      kind: rec.kind,
      variant: m.variant,
      finished: rec.finished,
      rematched: rec.events.some((e) => e.type === 'rematched'),
      lang,
      theme: settings.theme,
      side,
      watching: side === null,
      viewer,
      toAct,
      players: [line(far), line(near)],
      title: m.length > 1 ? t('caption-match', { variant, length: m.length, game: m.gameNo }) : variant,
      cubeLine: parts.cube,
      status: waiting ?? parts.status,
      news: parts.events,
      numbering: parts.numbering ?? (side ? parts.pictureNote : null),
      // Marks are for the mover only (the chat's picture marks them for whoever looks).
      board: boardData(rec, viewer, choices.steps.length ? options : { ...options, marks: [] }),
      palette: paletteOf(THEMES[settings.theme] ?? THEMES.wood),
      steps: choices.steps.map((st) => ({ step: st, from: zoneOf(st[0], mover, viewer, m.variant), to: zoneOf(st[1], mover, viewer, m.variant) })),
      choices: { roll: choices.roll || choices.opening, double: choices.double !== null, undo: choices.undo, done: choices.done, take: choices.take !== null, drop: choices.drop, accept: choices.accept !== null, decline: choices.accept !== null, resign: choices.resign, next: choices.next, rematch: choices.rematch, claim: choices.claim !== null, hint: choices.hint, review: choices.afterMatch, checkDice: choices.checkDice },
      labels,
      words: words(t),
      after,
    };
  }

  async function games(res: ServerResponse, who: InitData): Promise<void> {
    const lang = await langOf(who);
    const t = s.t(lang);
    // Games against the bot and by link live in the person's private chat; a group's game is
    // opened by its own link (startapp).
    const mine = await s.app.games.userGamesInChat(who.user.id, who.user.id);
    const start = who.startParam && GAME_ID.test(who.startParam) ? await s.app.games.get(who.startParam) : null;
    const list = [...(start && seatOf(start, who.user.id) && !start.finished && !mine.some((g) => g.id === start.id) ? [start] : []), ...mine];
    const body: GamesList = {
      lang,
      words: words(t),
      games: list.map((g) => {
        const side = seatOf(g, who.user.id)!;
        const other = g.players[side === 'white' ? 'black' : 'white'];
        return { id: g.id, variant: g.match.variant, title: `${t(`variant-${g.match.variant}`)} — ${playerName(other, t)}`, updatedAt: g.updatedAt };
      }),
      levels: OFFERED_LEVELS.map((level) => ({ id: level, label: t(`level-${level}`) })),
    };
    json(res, 200, body);
  }

  /** A puzzle's board: the position with the roll, the mover's side down; with an answer, the best play and the one chosen. */
  function puzzleBoard(problem: Problem, chosen: number | null): BoardData {
    const position = problemPosition(problem);
    const side = position.turn;
    return positionBoard(position, side, {
    ...problemTable(problem),
      ...(chosen !== null && problem.kind === 'play' ? { lastPlay: { side, moves: answerMoves(problem.answers[0]!) }, pending: chosen === 0 ? null : { side, moves: answerMoves(problem.answers[chosen]!) } } : {}),
    });
  }

  /** Puzzles on the page: GET the one on the player's board (or a new one); POST {act: 'next'} or {act: 'answer', id, n}. */
  async function puzzle(req: IncomingMessage, res: ServerResponse, who: InitData): Promise<void> {
    const lang = await langOf(who);
    const t = s.t(lang);
    const userId = who.user.id;
    const settings = await s.app.players.settings(userId);
    const view = async (problem: Problem, order: readonly number[]): Promise<PuzzleView> => ({
      id: problem.id,
      lang,
      title: problemCaption(t, problem, (await s.app.puzzles.problemRecord(problem)).rating.rating),
      board: puzzleBoard(problem, null),
      palette: paletteOf(THEMES[settings.theme] ?? THEMES.wood),
      answers: answerLabels(t, problem, order),
      words: words(t),
    });
    if (req.method === 'GET') {
      const p = await s.app.puzzles.profile(userId);
      const current = p.current ? await s.app.puzzles.problem(p.current.id) : null;
      if (current && p.current) return json(res, 200, await view(current, p.current.order));
      const next = await s.app.puzzles.next(userId, 'as-before');
      return json(res, 200, await view(next.problem, next.order));
    }
    const body = await readJson(req);
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (b.act === 'next') {
      const next = await s.app.puzzles.next(userId, 'as-before');
      return json(res, 200, await view(next.problem, next.order));
    }
    const n = typeof b.n === 'number' && Number.isInteger(b.n) && b.n >= 0 && b.n <= 3 ? b.n : null;
    if (b.act !== 'answer' || typeof b.id !== 'string' || !PROBLEM_ID.test(b.id) || n === null) return json(res, 400, { error: 'bad-request' });
    const r = await s.app.puzzles.answer(userId, b.id, n);
    if (r.kind === 'stale') {
      const out: PuzzleAnswer = { result: 'stale', message: t('puzzle-stale'), lines: [], board: null };
      return json(res, 409, out);
    }
    const out: PuzzleAnswer = { result: r.kind, message: answerToast(t, r.problem, r.kind === 'solved'), lines: answeredLines(t, r), board: puzzleBoard(r.problem, r.chosen) };
    json(res, 200, out);
  }

  /** A new single game against the bot, from the page (the person's private chat holds it, as /play's). */
  async function newGame(req: IncomingMessage, res: ServerResponse, who: InitData): Promise<void> {
    const body = await readJson(req);
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const variant = b.variant === 'long' || b.variant === 'short' ? b.variant : null;
    const level = OFFERED_LEVELS.find((l) => l === b.level) ?? null;
    if (!variant || !level) return json(res, 400, { error: 'bad-request' });
    const lang = await langOf(who);
    const t = s.t(lang);
    const userId = who.user.id;
    // One live game with the bot at a time from here: the page opens the one in play instead.
    const live = (await s.app.games.userGamesInChat(userId, userId)).find((g) => g.kind === 'bot' && !g.finished);
    if (live) return json(res, 200, { ok: true, result: 'in-play', next: live.id, message: t('webapp-in-play') });
    const human = { kind: 'human' as const, id: userId, name: displayName({ first_name: who.user.firstName, ...(who.user.lastName ? { last_name: who.user.lastName } : {}), ...(who.user.username ? { username: who.user.username } : {}) }), lang };
    const dice = await s.app.players.matchDice(userId, `webapp-new-${randomBytes(6).toString('hex')}`);
    const rec = await s.app.games.start({ kind: 'bot', chatId: userId, lang, white: human, black: { kind: 'bot', level }, variant, length: 1, colours: 'random', dice });
    json(res, 200, { ok: true, result: 'started', next: rec.id, message: t('dice-started', { commit: rec.dice.commit, client: rec.dice.client }) });
  }

  /** A player sees their game; anyone else only a game they may watch (a group's, or by its watch link), read-only. */
  function mayOpen(rec: GameRecord | null, userId: number, watchToken: string | null): rec is GameRecord {
    return !!rec && (seatOf(rec, userId) !== null || s.app.watch.mayWatch(rec, watchToken));
  }

  async function state(res: ServerResponse, who: InitData, id: string | null, watchToken: string | null = null): Promise<void> {
    if (!id || !GAME_ID.test(id)) return json(res, 400, { error: 'bad-game' });
    const rec = await s.app.games.get(id);
    const lang = await langOf(who);
    if (!mayOpen(rec, who.user.id, watchToken)) return notFound(res, lang);
    json(res, 200, await stateOf(rec, who.user.id, lang));
  }

  async function act(req: IncomingMessage, res: ServerResponse, who: InitData): Promise<void> {
    const body = await readJson(req);
    if (typeof body !== 'object' || body === null) return json(res, 400, { error: 'bad-request' });
    const b = body as Record<string, unknown>;
    const id = typeof b.g === 'string' && GAME_ID.test(b.g) ? b.g : null;
    const v = Number.isSafeInteger(b.v) ? (b.v as number) : null;
    const press = parseAct(b.act);
    if (!id || v === null || !press) return json(res, 400, { error: 'bad-request' });
    const lang = await langOf(who);
    const t = s.t(lang);
    const userId = who.user.id;
    const rec = await s.app.games.get(id);
    if (!rec || !seatOf(rec, userId)) return notFound(res, lang);
    // The boards follow the table: a rematch's old boards are retired and the new match's shown
    // by the chat's front end, which hears the rematch and the new game as every change.
    const intent: Intent =
      press.type === 'rematch' ? { kind: 'rematch', v, dice: await s.app.players.matchDice(userId, `webapp-${randomBytes(6).toString('hex')}`) } : { kind: 'press', v, press };
    const r = await s.app.games.act(id, userId, intent);
    if (r.kind === 'gone') return json(res, 404, { error: 'gone', message: t('toast-gone') });
    const message = outcomeText(r, t);
    if (r.kind === 'started' || r.kind === 'offered') {
      const latest = (await s.app.games.get(id)) ?? rec;
      return json(res, 200, { ok: true, result: r.kind, message, next: r.kind === 'started' ? r.game.id : null, state: await stateOf(latest, userId, lang) });
    }
    if (r.kind === 'applied') return json(res, 200, { ok: true, result: r.kind, state: await stateOf(r.game, userId, lang) });
    json(res, 409, { ok: false, result: r.kind, message, state: await stateOf(r.game, userId, lang) });
  }

  async function events(req: IncomingMessage, res: ServerResponse, who: InitData, id: string | null, watchToken: string | null = null): Promise<void> {
    if (!id || !GAME_ID.test(id)) return json(res, 400, { error: 'bad-game' });
    const rec = await s.app.games.get(id);
    if (!mayOpen(rec, who.user.id, watchToken)) return notFound(res, await langOf(who));
    const userId = who.user.id;
    // A person has a few pages open at most, a game a few dozen: more is a client gone wrong or
    // an attack, answered "too many" (the page tries again later).
    if ((perUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER || (streams.get(id)?.size ?? 0) >= MAX_STREAMS_PER_GAME) {
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '30', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'too-many-streams' }));
      return;
    }
    listen();
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    let last = rec.v;
    const send = (v: number): void => {
      if (v <= last) return;
      last = v;
      res.write(`event: v\ndata: ${v}\n\n`);
    };
    res.write(`retry: 2000\nevent: v\ndata: ${rec.v}\n\n`);
    let set = streams.get(id);
    if (!set) streams.set(id, (set = new Set()));
    set.add(send);
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    pollGame(id);
    const ping = setInterval(() => res.write(': ping\n\n'), POLL_MS);
    const end = setTimeout(() => res.end(), STREAM_MS);
    open.add(res);
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      open.delete(res);
      clearInterval(ping);
      clearTimeout(end);
      set!.delete(send);
      const n = (perUser.get(userId) ?? 1) - 1;
      if (n > 0) perUser.set(userId, n);
      else perUser.delete(userId);
      if (set!.size === 0) {
        streams.delete(id);
        clearInterval(polls.get(id));
        polls.delete(id);
      }
    };
    req.on('close', stop);
    res.on('close', stop);
  }

  /** One look at the stored version every few seconds per game followed (not per stream), in case a word of the feed was lost. */
  function pollGame(id: string): void {
    if (polls.has(id)) return;
    polls.set(
      id,
      setInterval(() => {
        s.app.games.get(id).then(
          (g) => {
            if (g) for (const f of streams.get(id) ?? []) f(g.v);
          },
          () => undefined,
        );
      }, POLL_MS),
    );
  }

  /** An unknown game and someone else's game get the same answer: no way to learn which ids exist. */
  function notFound(res: ServerResponse, lang: Lang): void {
    json(res, 404, { error: 'not-found', message: s.t(lang)('webapp-no-such-game') });
  }

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (path === '/app') {
        res.writeHead(308, { location: '/app/' + url.search });
        res.end();
        return true;
      }
      if (!path.startsWith('/app/')) return false;
      const rest = path.slice('/app/'.length);
      if (rest.startsWith('api/')) {
        const route = rest.slice(4);
        const method = req.method ?? 'GET';
        const wants = route === 'act' || route === 'new' ? 'POST' : 'GET';
        if (!['games', 'state', 'act', 'events', 'new', 'puzzle'].includes(route)) return json(res, 404, { error: 'not-found' }), true;
        if (route === 'puzzle' ? method !== 'GET' && method !== 'POST' : method !== wants) {
          res.writeHead(405, { allow: wants, 'content-type': 'text/plain' });
          res.end('method not allowed\n');
          return true;
        }
        const who = auth(req, res);
        if (!who) return true;
        const g = url.searchParams.get('g');
        const w = url.searchParams.get('w');
        if (route === 'games') await games(res, who);
        else if (route === 'state') await state(res, who, g, w);
        else if (route === 'act') await act(req, res, who);
        else if (route === 'new') await newGame(req, res, who);
        else if (route === 'puzzle') await puzzle(req, res, who);
        else await events(req, res, who, g, w);
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
        res.end('method not allowed\n');
        return true;
      }
      if (rest === '' || (await listStatic()).has(rest)) {
        const page = rest === '' || rest === 'index.html';
        if (page && !(await listStatic()).has('index.html')) {
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('The Mini App page is not built: run npm run build.\n');
          return true;
        }
        // Vite's assets carry their content's hash in the name: kept for a year; the page itself is asked again each time.
        await serveFile(res, STATIC_DIR, rest || 'index.html', page ? 'no-cache' : rest.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        return true;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found\n');
      return true;
    },
    async close() {
      for (const res of [...open]) res.end();
      for (const t of polls.values()) clearInterval(t);
      polls.clear();
      const u = await unsubscribe;
      await u?.();
    },
  };
}
