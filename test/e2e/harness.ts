/** Runs the bot as a child process against the fake Bot API, and drives it as users would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { freePort } from '../setup/redis.js';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isBotToAct, type Press } from '../../src/app/games.js';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import { actor, currentTurn } from '../../src/engine/game.js';
import type { Store } from '../../src/store/types.js';
import type { FakeChat, FakeMessage, FakeTelegram, FakeUser } from './fake-telegram.js';
import { afterEach } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Every bot started here is killed when the test process ends, whatever happened in the test.
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
});

export interface BotProcess {
  readonly proc: ChildProcess;
  readonly logs: string[];
  readonly prefix: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * When a test fails, print the last warnings and errors of the bot it ran against (a timed-out wait
 * says only what did not come; the bot's log says why).
 */
export function logBotOnFailure(current: () => BotProcess | undefined): void {
  afterEach((ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const lines = (current()?.logs.join('') ?? '').split('\n').filter((l) => /"level":(4|5|6)0/.test(l));
    console.error(`bot log, warnings and errors (last 30 of ${lines.length}):\n${lines.slice(-30).join('\n')}`);
  });
}

/**
 * Start the bot as a process: dist/main.js as `npm start` runs it (the global setup compiles src/
 * afresh before any test), or with `compiled: false` from src/ under tsx, as `npm run dev` does.
 * The compiled bot starts on less than half the processor time, which the suite's many starts
 * on two cores feel.
 */
export async function startBot(fake: FakeTelegram, opts: { redisUrl?: string; prefix?: string; env?: Record<string, string>; compiled?: boolean; nodeArgs?: readonly string[] } = {}): Promise<BotProcess> {
  const prefix = opts.prefix ?? `e2e:${randomUUID().slice(0, 8)}:`;
  // Ready when it has registered for updates: deleteWebhook (long polling) or setWebhook.
  const ready = (): number => fake.calls.filter((c) => c.method === 'deleteWebhook' || c.method === 'setWebhook').length;
  const before = ready();
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...(opts.compiled === false ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js'])], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.url,
      LOG_LEVEL: 'info',
      REDIS_KEY_PREFIX: prefix,
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(proc);
  proc.once('exit', () => started.delete(proc));
  const logs: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await Promise.race([
    fake.waitFor(() => ready() > before, 30_000, 'the bot to start'),
    exited.then((code) => {
      throw new Error(`the bot exited (${code}) during start-up:\n${logs.join('')}`);
    }),
  ]).catch((e: unknown) => {
    proc.kill('SIGKILL');
    throw e;
  });
  return {
    proc,
    logs,
    prefix,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill(signal);
      return exited;
    },
  };
}

export function buttons(msg: FakeMessage | undefined): Array<{ text: string; data: string }> {
  return (msg?.reply_markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: b.callback_data ?? '' }));
}

/** The current board message of a game in a chat (the newest photo with game buttons). */
export function board(fake: FakeTelegram, chatId: number): FakeMessage | undefined {
  return fake.chatMessages(chatId).filter((m) => m.photo && buttons(m).some((b) => b.data.startsWith('g|'))).at(-1);
}

export interface Pressed {
  readonly answer: string | undefined;
  readonly board: FakeMessage | undefined;
}

/**
 * Press a button and wait for its answer and for the board to change (an edit or a new board),
 * unless the answer says nothing changed.
 */
export async function pressAndWait(fake: FakeTelegram, chat: FakeChat, user: FakeUser, msg: FakeMessage, data: string, expectChange = true): Promise<Pressed> {
  const edits = msg.edits;
  const count = fake.messageCount(chat.id);
  const id = fake.press(msg, user, data);
  const answer = await fake.answerOf(id);
  if (expectChange) {
    await fake.waitFor(
      () => {
        const now = fake.messages.get(`${chat.id}:${msg.message_id}`);
        return (now && now.edits > edits) || fake.messageCount(chat.id) > count;
      },
      15_000,
      `the board to change after ${data}`,
    );
  }
  return { answer: answer.text, board: board(fake, chat.id) };
}

/** What a player would press next on this board, if it is theirs to press. */
export function choose(msg: FakeMessage): string | null {
  const bs = buttons(msg);
  const act = (b: { data: string }): string => b.data.split('|')[3] ?? '';
  const pick =
    bs.find((b) => act(b) === 'r') ??
    bs.find((b) => act(b).startsWith('P')) ??
    bs.find((b) => act(b).startsWith('s')) ??
    bs.find((b) => act(b) === 'd') ??
    bs.find((b) => act(b) === 't') ??
    bs.find((b) => act(b) === 'n');
  return pick ? pick.data : null;
}

/**
 * Play a stored game on, without Telegram, as its players would (the first legal play each
 * time, the bot thinking as in the bot), until `borneOff` checkers of one side are off, so that
 * an end-to-end test presses only the end of a game whose whole course other tests cover. The
 * game's clocks and statistics go through the same use cases as in the bot.
 */
export async function advanceToEndgame(store: Store, gameId: string, borneOff = 11): Promise<GameRecord> {
  const app = createApp(store, { defaultLanguage: 'en' });
  for (let i = 0; i < 5000; i++) {
    const rec = (await app.games.get(gameId))!;
    // These moves are made where no board is drawn (as by an instance that shows nothing): the
    // boards are not owed them, or the bot's sweep would bring its boards up to date meanwhile
    // (as it should after a kill), at a moment the test does not expect. The test brings the
    // board up to date itself, by pressing an old button.
    for (const seat of rec.seats) await store.boards.paid(gameId, seat.chatId);
    const g = rec.match.game;
    if (rec.finished || g.phase === 'over') return rec;
    // The bot plays its turn before the game is handed back: a game left with the bot to act
    // has nobody to start its turn until something touches the game.
    if (isBotToAct(rec)) {
      await app.games.botTurn(gameId);
      continue;
    }
    if (g.position.white[0]! >= borneOff || g.position.black[0]! >= borneOff) return rec;
    const side = actor(g) ?? g.position.turn;
    const p = rec.players[side];
    if (p.kind !== 'human') throw new Error('the bot should act');
    const press: Press = g.phase === 'roll' ? { type: 'roll' } : g.phase === 'double' ? { type: 'take' } : g.phase === 'move' ? (currentTurn(g).complete ? { type: 'done' } : { type: 'step', step: currentTurn(g).next[0]! }) : { type: 'decline' };
    const r = await app.games.press(gameId, rec.v, p.id, press);
    if (r.kind !== 'applied') throw new Error(`could not advance the game: ${r.kind}`);
  }
  throw new Error('the game did not reach its end game');
}

/** A user's private chat with the bot. */
export const privateChat = (u: FakeUser): FakeChat => ({ id: u.id, type: 'private', first_name: u.first_name });
const gameIdOfBoard = (msg: FakeMessage): string | undefined => buttons(msg).find((b) => b.data.startsWith('g|'))?.data.split('|')[1];

/** The inviter makes an invitation by link through the menu; returns its id. */
export async function inviteByLink(fake: FakeTelegram, from: FakeUser, variant: 'long' | 'short', length: number): Promise<string> {
  const chat = privateChat(from);
  fake.sendText(chat, from, '/start');
  const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'm|friend')).at(-1), 10_000, 'the menu');
  await fake.answerOf(fake.press(menu, from, 'm|friend'));
  const friend = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === `fr|${variant}`)).at(-1), 10_000, 'the friend menu');
  await fake.answerOf(fake.press(friend, from, `fr|${variant}`));
  await fake.answerOf(fake.press(friend, from, `fr|${variant}|${length}`));
  if (length > 1) await fake.answerOf(fake.press(friend, from, `fr|${variant}|${length}|0`));
  const made = await fake.waitFor(() => /start=i_([0-9a-z]{10})/.exec(fake.messages.get(`${chat.id}:${friend.message_id}`)?.text ?? ''), 10_000, 'the invitation');
  return made[1]!;
}

/** Of two players in private chats, the one whose board has something to press (the one to act). */
export function moverOf(fake: FakeTelegram, a: FakeUser, b: FakeUser): { user: FakeUser; msg: FakeMessage; data: string } | null {
  for (const u of [a, b]) {
    const msg = board(fake, u.id);
    const data = msg ? choose(msg) : null;
    if (msg && data) return { user: u, msg, data };
  }
  return null;
}

/** The friend opens the link and presses Accept; resolves once both boards are up. */
export async function acceptLink(fake: FakeTelegram, by: FakeUser, inviter: FakeUser, id: string): Promise<void> {
  const chat = privateChat(by);
  const count = fake.messageCount(chat.id);
  fake.sendText(chat, by, `/start i_${id}`);
  const open = await fake.waitFor(() => fake.chatMessagesSince(chat.id, count).find((m) => buttons(m).some((b) => b.data.startsWith(`iv|${id}`))), 10_000, 'the invitation');
  const acceptData = buttons(open).find((b) => /Accept|Принять/.test(b.text))!.data;
  await fake.answerOf(fake.press(open, by, acceptData));
  await fake.waitFor(() => board(fake, by.id) && board(fake, inviter.id) && gameIdOfBoard(board(fake, by.id)!) === id && gameIdOfBoard(board(fake, inviter.id)!) === id, 15_000, 'both boards');
}

/**
 * A round-robin load balancer in front of several bot instances (webhook mode): each request goes
 * to the next port in turn; `served` counts the requests each port got.
 */
export async function startBalancer(ports: readonly number[]): Promise<{ server: Server; port: number; served: number[] }> {
  let next = 0;
  const served = ports.map(() => 0);
  const server = createServer((req, res) => {
    const i = next++ % ports.length;
    served[i]!++;
    const fwd = request({ host: '127.0.0.1', port: ports[i], path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    fwd.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(fwd);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { server, port, served };
}
