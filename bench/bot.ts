/**
 * Bot load: npm run -s bench:bot [-- --games 200 --link 50 --webapp 0 --rate 20 --seconds 30 --think 1.3] [--sweep 20,40,60,80,100]
 *
 * One bot process, compiled as `npm start` runs it, with its own redis-server, driven through the
 * fake Bot API (Telegram's limits on) by `games` concurrent private games against the bot and
 * `link` games between two people by link (two private chats each, "your move" notices), at
 * `rate` button presses per second for `seconds`. A player presses again no sooner than `think`
 * seconds after its board changed (a person looks first; Telegram allows about one message a
 * second in a private chat anyway). Prints one JSON object: updates per second, callback answer
 * and board times (from the moment the update is handed to the bot), the 429s caused, the
 * bot's peak RSS and Redis bytes per game.
 *
 * BENCH_PROFILE=DIR writes the bot's CPU profile there (node --cpu-prof), for `npm run -s bench:profile`.
 *
 * --webapp N adds N games by link whose two players play in the Mini App (HTTP clients of its API
 * with Telegram-signed launch data, each following its game on the server-sent events stream), a
 * press every `think` seconds each. For each action it reports the time to the actor's answer, to
 * the other player's page (the event carrying the new version) and to both chat boards (their
 * buttons carrying the new version): the latency of an action to both views.
 *
 * Telegram lets a bot send about thirty messages a second in all, so at real limits a bot cannot
 * show more than about that many boards a second, however fast the process. --sweep measures the
 * process itself: every limit (in the fake and in the bot) a tenth of Telegram's, one run per
 * rate, and the saturation point, the first update rate at which board p99 passes 150 ms.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from '../test/e2e/fake-telegram.js';
import { board, buttons, choose, startBot } from '../test/e2e/harness.js';
import { freePort, startRedis } from '../test/setup/redis.js';
import { signInitData } from '../src/web/webapp/init-data.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const GAMES = Number(arg('--games', '200'));
const LINK = Number(arg('--link', '50'));
const RATE = Number(arg('--rate', '20'));
const SECONDS = Number(arg('--seconds', '30'));
const THINK = Number(arg('--think', '1.3')) * 1000;
const WEBAPP = Number(arg('--webapp', '0'));
const SWEEP = process.argv.includes('--sweep') ? arg('--sweep', '20,40,60,80,100').split(',').map(Number) : null;
const PACE = SWEEP ? 0.1 : 1;

const redis = await startRedis();
const fake = new FakeTelegram().scaleLimits(PACE);
await fake.start();
const httpPort = await freePort();
const appBase = `http://127.0.0.1:${httpPort}`;
const webappEnv: Record<string, string> = WEBAPP > 0 ? { HTTP_PORT: String(httpPort), WEBAPP_URL: `${appBase}/app` } : {};
const bot = await startBot(fake, { compiled: true, redisUrl: redis.url, env: { LOG_LEVEL: process.env.BENCH_LOG ?? 'error', MEMORY_LOG_SECONDS: '5', PACE_SCALE: String(PACE), MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...webappEnv }, nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [] });

interface Player {
  user: FakeUser;
  chat: FakeChat;
  busy: boolean;
  readyAt: number;
  /** The board as the player last saw it (message and edits): a change is looked at first. */
  seen?: string;
}
const players: Player[] = [];
for (let i = 0; i < GAMES; i++) {
  const user: FakeUser = { id: 10_000 + i, first_name: `Player ${i}`, language_code: i % 2 ? 'en' : 'ru' };
  players.push({ user, chat: { id: user.id, type: 'private', first_name: user.first_name }, busy: false, readyAt: 0 });
}

const linkPlayers: Player[] = [];
for (let i = 0; i < LINK * 2; i++) {
  const user: FakeUser = { id: 50_000 + i, first_name: `Friend ${i}`, language_code: i % 2 ? 'en' : 'ru' };
  linkPlayers.push({ user, chat: { id: user.id, type: 'private', first_name: user.first_name }, busy: false, readyAt: 0 });
}

/** A game by link between a and b, set up through the menus; resolves with its id once both boards are up. */
async function linkGame(a: Player, b: Player, variant: 'long' | 'short', length: number): Promise<string> {
  fake.sendText(a.chat, a.user, '/start');
  const menu = await fake.waitFor(() => fake.chatMessages(a.chat.id).find((m) => buttons(m).some((x) => x.data === 'm|friend')), 120_000, 'menu');
  await fake.answerOf(fake.press(menu, a.user, 'm|friend'), 120_000);
  const friend = await fake.waitFor(() => fake.chatMessages(a.chat.id).find((m) => buttons(m).some((x) => x.data === 'fr|long')), 120_000, 'friend menu');
  await fake.answerOf(fake.press(friend, a.user, `fr|${variant}`), 120_000);
  await fake.answerOf(fake.press(friend, a.user, `fr|${variant}|${length}`), 120_000);
  if (length > 1) await fake.answerOf(fake.press(friend, a.user, `fr|${variant}|${length}|1`), 120_000);
  const id = (await fake.waitFor(() => /start=i_([0-9a-z]{10})/.exec(fake.messages.get(`${a.chat.id}:${friend.message_id}`)?.text ?? ''), 120_000, 'invitation'))[1]!;
  fake.sendText(b.chat, b.user, `/start i_${id}`);
  const open = await fake.waitFor(() => fake.chatMessages(b.chat.id).find((m) => buttons(m).some((x) => x.data.startsWith(`iv|${id}`))), 120_000, 'open');
  await fake.answerOf(fake.press(open, b.user, buttons(open)[0]!.data), 120_000);
  await fake.waitFor(() => board(fake, a.chat.id) && board(fake, b.chat.id), 120_000, 'boards');
  a.readyAt = b.readyAt = Date.now() + THINK;
  return id;
}

// Set up every game through the menus (not measured).
const setup0 = Date.now();
await Promise.all(Array.from({ length: LINK }, (_, i) => linkGame(linkPlayers[2 * i]!, linkPlayers[2 * i + 1]!, i % 2 ? 'short' : 'long', 3)));

await Promise.all(
  players.map(async (p) => {
    fake.sendText(p.chat, p.user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(p.chat.id).find((m) => buttons(m).some((b) => b.data === 'pb|long')), 120_000, 'menu');
    const variant = p.user.id % 2 ? 'short' : 'long';
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}`), 120_000);
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}|medium`), 120_000);
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}|medium|7`), 120_000);
    await fake.waitFor(() => board(fake, p.chat.id), 120_000, 'board');
    p.readyAt = Date.now() + THINK;
  }),
);

// Mini App players: games by link, both players acting through the page's API.
interface AppClient {
  readonly player: Player;
  readonly init: string;
  /** The newest version its events stream has told. */
  v: number;
}
const appPairs: Array<{ id: string; a: AppClient; b: AppClient }> = [];
const appClient = (player: Player): AppClient => ({
  player,
  v: -1,
  init: signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), query_id: `q${player.user.id}`, user: JSON.stringify({ id: player.user.id, first_name: player.user.first_name, language_code: player.user.language_code }) }, fake.token),
});
const streams = new AbortController();
/** Follow a game's events stream as the page does (and open it again when the server ends it). */
async function follow(c: AppClient, id: string): Promise<void> {
  const decoder = new TextDecoder();
  while (!streams.signal.aborted) {
    try {
      const res = await fetch(`${appBase}/app/api/events?g=${id}`, { headers: { 'x-telegram-init-data': c.init }, signal: streams.signal });
      const reader = res.body!.getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const m = /event: v\ndata: (\d+)/.exec(buf.slice(0, i));
          buf = buf.slice(i + 2);
          if (m) c.v = Math.max(c.v, Number(m[1]));
        }
      }
    } catch {
      if (!streams.signal.aborted) await new Promise((r) => setTimeout(r, 500));
    }
  }
}
await Promise.all(
  Array.from({ length: WEBAPP }, async (_, i) => {
    const mk = (k: number): Player => {
      const user: FakeUser = { id: 80_000 + 2 * i + k, first_name: `App ${2 * i + k}`, language_code: k ? 'en' : 'ru' };
      return { user, chat: { id: user.id, type: 'private', first_name: user.first_name }, busy: false, readyAt: 0 };
    };
    const [pa, pb] = [mk(0), mk(1)];
    const id = await linkGame(pa, pb, i % 2 ? 'short' : 'long', 7);
    const pair = { id, a: appClient(pa), b: appClient(pb) };
    void follow(pair.a, id);
    void follow(pair.b, id);
    appPairs.push(pair);
  }),
);
const setupSeconds = (Date.now() - setup0) / 1000;
players.push(...linkPlayers);

interface AppState {
  v: number;
  finished: boolean;
  steps: Array<{ step: [number, number] }>;
  choices: { roll: boolean; done: boolean; take: boolean; accept: boolean; next: boolean };
}
async function appState(c: AppClient, id: string): Promise<AppState> {
  const res = await fetch(`${appBase}/app/api/state?g=${id}`, { headers: { 'x-telegram-init-data': c.init } });
  return (await res.json()) as AppState;
}
/** The one action a page would take now (null: nothing for this seat). */
function appAction(st: AppState): Record<string, unknown> | null {
  if (st.steps.length) return { type: 'step', step: st.steps[0]!.step };
  const c = st.choices;
  return c.done ? { type: 'done' } : c.roll ? { type: 'roll' } : c.take ? { type: 'take' } : c.accept ? { type: 'accept' } : c.next ? { type: 'next' } : null;
}
const chatBoardAt = (p: Player, id: string, v: number): boolean => {
  const data = buttons(board(fake, p.chat.id)).find((x) => x.data.startsWith(`g|${id}|`))?.data;
  return data !== undefined && Number(data.split('|')[2]) >= v;
};
async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 2));
  }
  return true;
}

/** Each Mini App pair plays for `seconds`, one action every `think`; times of each action to both views. */
async function playApps(seconds: number): Promise<{ act: number[]; page: number[]; chat: number[]; lost: number }> {
  const act: number[] = [];
  const page: number[] = [];
  const chat: number[] = [];
  let lost = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    appPairs.map(async ({ id, a, b }) => {
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, THINK));
        const [sa, sb] = [await appState(a, id), await appState(b, id)];
        if (sa.finished) return;
        const actA = appAction(sa);
        const [me, other, st, what] = actA ? [a, b, sa, actA] : [b, a, sb, appAction(sb)];
        if (!what) continue;
        const t0 = Date.now();
        const res = await fetch(`${appBase}/app/api/act`, { method: 'POST', headers: { 'x-telegram-init-data': me.init, 'content-type': 'application/json' }, body: JSON.stringify({ g: id, v: st.v, act: what }) });
        const body = (await res.json()) as { state?: { v: number; side: string; toAct: string | null } };
        act.push(Date.now() - t0);
        const v = body.state?.v;
        if (res.status !== 200 || v === undefined) continue;
        // The actor's chat board follows every action; the other player's when the turn (or the
        // answer to a double or a resignation) passes to them, as with the buttons.
        const both = body.state!.toAct !== body.state!.side;
        const [toPage, toChat] = await Promise.all([
          waitUntil(() => other.v >= v, 30_000).then((ok) => ok && page.push(Date.now() - t0)),
          waitUntil(() => chatBoardAt(me.player, id, v) && (!both || chatBoardAt(other.player, id, v)), 30_000).then((ok) => ok && chat.push(Date.now() - t0)),
        ]);
        if (!toPage || !toChat) {
          lost++;
          if (process.env.BENCH_DEBUG) console.error(JSON.stringify({ id, v, what, toPage, toChat, pageV: other.v, boards: [a, b].map((c) => buttons(board(fake, c.player.chat.id)).map((x) => x.data)) }));
        }
      }
    }),
  );
  return { act, page, chat, lost };
}

const rssOf = (): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${bot.proc.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

function current(p: Player): FakeMessage | undefined {
  return board(fake, p.chat.id) ?? fake.chatMessages(p.chat.id).filter((m) => m.photo).at(-1);
}

async function run(rate: number, seconds: number): Promise<Record<string, number>> {
  const answerMs: number[] = [];
  const boardMs: number[] = [];
  const linkBoardMs: number[] = [];
  let sent = 0;
  let rssPeak = 0;
  const tooMany0 = fake.tooMany;
  const SENDS = new Set(['sendMessage', 'sendPhoto', 'editMessageMedia', 'editMessageCaption', 'editMessageReplyMarkup', 'editMessageText', 'deleteMessage']);
  const sends0 = fake.calls.filter((c) => SENDS.has(c.method)).length;

  async function pressOnce(p: Player): Promise<void> {
    const msg = current(p);
    if (!msg) return;
    const data = choose(msg) ?? buttons(msg).find((b) => b.data.endsWith('|m'))?.data;
    // By link, the one waiting for the other has nothing to press.
    if (!data) return void (p.readyAt = Date.now() + THINK);
    p.busy = true;
    const messages = fake.messageCount(p.chat.id);
    const cb = fake.press(msg, p.user, data);
    const update = fake.callbackUpdate.get(cb)!;
    sent++;
    try {
      const ans = await fake.answerOf(cb, 30_000);
      answerMs.push(ans.at - fake.delivered.get(update)!);
      await fake.waitFor(
        () => {
          const now = fake.messages.get(`${p.chat.id}:${msg.message_id}`);
          return (now && now.edits > msg.edits) || fake.messageCount(p.chat.id) > messages;
        },
        30_000,
        'board',
      );
      boardMs.push(Date.now() - fake.delivered.get(update)!);
      if (p.user.id >= 50_000) {
        linkBoardMs.push(boardMs.at(-1)!);
      }
    } catch {
      // A press that changed nothing (a stale board) gives no new board: not counted.
    } finally {
      p.busy = false;
      p.readyAt = Date.now() + THINK;
    }
  }

  const start = Date.now();
  const apps = playApps(seconds);
  const inflight: Array<Promise<void>> = [];
  let next = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf())), 500);
  // Presses go out at `rate` a second. The schedule starts when the first players may press
  // (THINK after their boards came), and after a lull in which nobody was ready it makes up for
  // at most four missed presses at once: a burst of every press missed is the bench's own
  // doing, not its load (at the start it held 15 presses, and the slowest boards of a run).
  const gap = 1000 / rate;
  let due = start + THINK;
  while (Date.now() - start < seconds * 1000) {
    if (Date.now() < due) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      continue;
    }
    let p: Player | undefined;
    const now = Date.now();
    for (let k = 0; k < players.length && !p; k++) {
      const cand = players[(next + k) % players.length]!;
      if (cand.busy) continue;
      // A board changed by the other side (by link) is looked at before pressing, as any other.
      const m = current(cand);
      const look = m ? `${m.message_id}:${m.edits}:${fake.messageCount(cand.chat.id)}` : '';
      if (look !== cand.seen) {
        cand.seen = look;
        cand.readyAt = Math.max(cand.readyAt, now + THINK);
      }
      if (cand.readyAt <= now) p = cand;
    }
    next++;
    if (!p) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    inflight.push(pressOnce(p));
    due = Math.max(due, now - 4 * gap) + gap;
  }
  await Promise.all(inflight);
  const app = await apps;
  clearInterval(sampler);
  const elapsed = (Date.now() - start) / 1000;
  rssPeak = Math.max(rssPeak, rssOf());
  const q = (a: number[], p: number): number => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] ?? NaN;
  return {
    rate,
    updates_per_s: +(sent / elapsed).toFixed(1),
    // Messages, edits and deletions the bot sent a second (Telegram allows about 30 in all).
    sends_per_s: +((fake.calls.filter((c) => SENDS.has(c.method)).length - sends0) / elapsed).toFixed(1),
    callback_answer_p50_ms: q(answerMs, 0.5),
    callback_answer_p99_ms: q(answerMs, 0.99),
    board_p50_ms: q(boardMs, 0.5),
    board_p99_ms: q(boardMs, 0.99),
    boards: boardMs.length,
    link_board_p50_ms: q(linkBoardMs, 0.5),
    link_board_p99_ms: q(linkBoardMs, 0.99),
    link_boards: linkBoardMs.length,
    ...(WEBAPP > 0
      ? {
          webapp_actions: app.act.length,
          webapp_answer_p50_ms: q(app.act, 0.5),
          webapp_answer_p95_ms: q(app.act, 0.95),
          webapp_other_page_p50_ms: q(app.page, 0.5),
          webapp_other_page_p95_ms: q(app.page, 0.95),
          webapp_chat_boards_p50_ms: q(app.chat, 0.5),
          webapp_chat_boards_p95_ms: q(app.chat, 0.95),
          webapp_not_followed: app.lost,
        }
      : {}),
    too_many_requests: fake.tooMany - tooMany0,
    rss_mb: +rssPeak.toFixed(1),
  };
}

const results: Array<Record<string, number>> = [];
for (const rate of SWEEP ?? [RATE]) results.push(await run(rate, SWEEP ? Math.min(SECONDS, 20) : SECONDS));

// Redis bytes per game: the game hash and its board key.
const r = new Redis(redis.url);
const gameKeys = await r.keys(`${bot.prefix}game:*`);
let bytes = 0;
for (const key of gameKeys) {
  const id = key.slice(key.indexOf('{') + 1, key.indexOf('}'));
  for (const k of [key, ...(await r.keys(`${bot.prefix}board:{${id}}:*`)), ...(await r.keys(`${bot.prefix}delivery:{${id}}:*`))]) bytes += Number(await r.memory('USAGE', k)) || 0;
}
await r.quit();

const out: Record<string, unknown> = {
  games: GAMES,
  link_games: LINK,
  webapp_games: WEBAPP,
  notices: fake.calls.filter((c) => c.method === 'sendMessage' && /🎲 (Your move|Ваш ход)/.test(String(c.params.text))).length,
  limits: PACE === 1 ? "Telegram's" : `a tenth of Telegram's times`,
  think_s: THINK / 1000,
  setup_s: +setupSeconds.toFixed(1),
  ...(SWEEP ? { runs: results, saturation_updates_per_s: results.find((x) => x.board_p99_ms! > 150)?.updates_per_s ?? `over ${results.at(-1)!.updates_per_s}` } : results[0]),
  redis_bytes_per_game: Math.round(bytes / Math.max(1, gameKeys.length)),
};
console.log(JSON.stringify(out, null, SWEEP ? 1 : 0));
streams.abort();
await bot.stop();
await fake.stop();
redis.proc.kill('SIGTERM');
process.exit(0);
