/**
 * The Mini App: a live board in Telegram, served by the bot's own HTTP server under /app/.
 *
 *   GET  /app/                 the page (static files from assets/webapp, strict CSP)
 *   GET  /app/api/games        the person's games in play
 *   GET  /app/api/state?g=ID   one game as this person's seat sees it: picture, choices, news
 *   POST /app/api/act          {g, v, act}: one press, through the same use cases as the buttons
 *   GET  /app/api/events?g=ID  server-sent events: the game's version whenever it changes (any
 *                              instance: through the store's feed, Redis pub/sub)
 *
 * Every API request carries Telegram's launch data (header X-Telegram-Init-Data), verified on
 * each request; the person acts only on the seat the stored record gives them. A press names the
 * version it was made on, so a replayed or late one changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAct, type Intent, type Press } from '../../app/table/intent.js';
import type { GameRecord, Lang, Seat } from '../../app/model.js';
import { seatChoices, type SeatChoices } from '../../app/table/seat.js';
import { seatOf } from '../../app/table/rights.js';
import { turnKey } from '../../app/clocks.js';
import type { ResignLevel } from '../../engine/game.js';
import { gameFacts, pointAsRead } from '../../app/table/view.js';
import type { Side, Step } from '../../engine/types.js';
import { renderSvg } from '../../render/index.js';
import { G, pointGeometry, WIDTH, HEIGHT } from '../../render/layout.js';
import { readBody } from '../server.js';
import type { App } from '../../app/index.js';
import type { Logger } from '../../logger.js';
import { caption } from '../../present/caption.js';
import { renderOptions, viewerOf } from '../../present/board.js';
import { outcomeText, playerName, type Translate } from '../../present/text.js';
import { verifyInitData, type InitData } from './init-data.js';

export const STATIC_DIR = fileURLToPath(new URL('../../../assets/webapp/', import.meta.url));
const FONTS_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
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
const STATIC_FILES = new Set(['index.html', 'app.js', 'app.css', 'icon.svg']);
const FONT_FILES = new Set(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']);

/** What the Mini App needs: the use cases, the words and a log (the chat's front end is not among them). */
export interface WebAppDeps {
  readonly app: App;
  readonly log: Logger;
  t(lang: Lang): Translate;
}

export interface WebAppOptions {
  readonly botToken: string;
  readonly now?: () => number;
}

export interface WebApp {
  /** Handle a request under /app/ (false: not the Mini App's; the server goes on). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

type Zone = { readonly id: string; readonly x: number; readonly y: number; readonly w: number; readonly h: number };

/** Where a viewer's taps land: each point's half of the field, the bar, the bear-off tray. */
function zones(variant: 'long' | 'short'): Zone[] {
  const half = G.fieldBottom - G.midY;
  const out: Zone[] = [];
  for (let v = 1; v <= 24; v++) {
    const { cx, top } = pointGeometry(v);
    out.push({ id: `p${v}`, x: cx - G.pointW / 2, y: top ? G.fieldTop : G.midY, w: G.pointW, h: top ? G.midY - G.fieldTop : half });
  }
  if (variant === 'short') out.push({ id: 'bar', x: G.barX, y: G.fieldTop, w: G.barW, h: G.fieldBottom - G.fieldTop });
  out.push({ id: 'off', x: G.trayX, y: G.fieldTop, w: G.trayW, h: G.fieldBottom - G.fieldTop });
  return out;
}

/** A point of the mover's numbering as the viewer's zone. */
function zoneOf(p: number, mover: Side, viewer: Side, variant: 'long' | 'short'): string {
  if (p === 25) return 'bar';
  if (p === 0) return 'off';
  return `p${pointAsRead(variant, mover, viewer, p)}`;
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

export function createWebApp(s: WebAppDeps, opts: WebAppOptions): WebApp {
  const now = opts.now ?? Date.now;
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
    json(res, 401, { error: 'unauthorized', reason: check.reason });
    return null;
  }

  async function langOf(who: InitData): Promise<Lang> {
    return s.app.players.language(who.user.id, who.user.languageCode ?? undefined);
  }

  /** The words of the page, in the person's language. */
  function words(t: Translate): Record<string, string> {
    const keys = ['webapp-title', 'webapp-games', 'webapp-no-games', 'webapp-pick', 'webapp-offline', 'webapp-resign-confirm', 'webapp-not-player', 'webapp-unauthorized', 'btn-roll', 'btn-undo', 'btn-done', 'btn-resign', 'btn-back', 'btn-decline-resign', 'btn-next-game', 'btn-rematch', 'btn-rematch-accept', 'webapp-rematch-waiting', 'webapp-open-new', 'webapp-watching'];
    return Object.fromEntries(keys.map((k) => [k, t(k)]));
  }

  /** One game as this person's seat sees it. */
  async function stateOf(rec: GameRecord, userId: number, lang: Lang): Promise<Record<string, unknown>> {
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
    const mover = g.position.turn;
    const options = renderOptions(rec, seat, t, settings);
    // Marks are for the mover only (the chat's picture marks them for whoever looks).
    const svg = renderSvg(gameFacts(rec).position, choices.steps.length ? options : { ...options, marks: [] });
    const labels: Record<string, string> = {};
    if (choices.double) labels.double = t('btn-double', { value: choices.double });
    if (choices.take) labels.take = t('btn-take', { value: choices.take });
    if (choices.drop) labels.drop = t('btn-pass', { points: g.cube.value });
    if (choices.accept) labels.accept = t('btn-accept-resign', { points: choices.accept });
    for (const level of choices.resign) labels[`resign${level}`] = t(`btn-resign-${level}`, { points: level * g.cube.value, variant: g.variant });
    return {
      id: rec.id,
      v: rec.v,
      kind: rec.kind,
      variant: rec.match.variant,
      finished: rec.finished,
      rematched: rec.events.some((e) => e.type === 'rematched'),
      lang,
      theme: settings.theme,
      side,
      watching: side === null,
      viewer,
      toAct: choices.toAct,
      names: { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) },
      svg,
      size: { width: WIDTH, height: HEIGHT },
      zones: zones(rec.match.variant),
      steps: choices.steps.map((st) => ({ step: st, from: zoneOf(st[0], mover, viewer, rec.match.variant), to: zoneOf(st[1], mover, viewer, rec.match.variant) })),
      choices: { roll: choices.roll || choices.opening, double: choices.double !== null, undo: choices.undo, done: choices.done, take: choices.take !== null, drop: choices.drop, accept: choices.accept !== null, decline: choices.accept !== null, resign: choices.resign, next: choices.next, rematch: choices.rematch, claim: choices.claim !== null, hint: choices.hint, review: choices.afterMatch, checkDice: choices.checkDice },
      labels,
      caption: caption(rec, seat, t, settings),
      words: words(t),
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
    json(res, 200, {
      lang,
      words: words(t),
      games: list.map((g) => {
        const side = seatOf(g, who.user.id)!;
        const other = g.players[side === 'white' ? 'black' : 'white'];
        return { id: g.id, variant: g.match.variant, title: `${t(`variant-${g.match.variant}`)} — ${playerName(other, t)}`, updatedAt: g.updatedAt };
      }),
    });
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
        const wants = route === 'act' ? 'POST' : 'GET';
        if (!['games', 'state', 'act', 'events'].includes(route)) return json(res, 404, { error: 'not-found' }), true;
        if (method !== wants) {
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
        else await events(req, res, who, g, w);
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
        res.end('method not allowed\n');
        return true;
      }
      if (rest === '' || STATIC_FILES.has(rest)) {
        await serveFile(res, STATIC_DIR, rest || 'index.html', rest === '' || rest === 'index.html' ? 'no-cache' : 'public, max-age=300');
        return true;
      }
      if (rest.startsWith('fonts/') && FONT_FILES.has(rest.slice(6))) {
        await serveFile(res, FONTS_DIR, rest.slice(6), 'public, max-age=86400');
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
