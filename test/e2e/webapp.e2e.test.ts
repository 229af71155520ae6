/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * End to end, the Mini App: the bot as a process (HTTP_PORT, WEBAPP_URL) against the fake Bot
 * API, and two players in a real browser (Debian's chromium driven by playwright-core), each in a
 * page of their own with Telegram's signed launch data. They play a short and a long game by link
 * to the end on the page's board (tapping checkers and their lit targets), while the chat boards
 * follow; forged and replayed requests change nothing; the layout is checked at 360 and 1280 px.
 * The games start from their end game (the whole of a game by link is played in social.e2e).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Games } from '../../src/app/games.js';
import { signInitData } from '../../src/web/webapp/init-data.js';
import { CSP, MAX_STREAMS_PER_USER } from '../../src/web/webapp/index.js';
import { Watch } from '../../src/app/watch.js';
import { RedisStore } from '../../src/store/index.js';
import { NEW_PROFILE, type PuzzleProfile } from '../../src/app/puzzles/puzzles.js';
import { loadBank } from '../../src/puzzles/bank.js';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeUser } from './fake-telegram.js';
import { acceptLink, advanceToEndgame, board, buttons, inviteByLink, startBot, type BotProcess, logBotOnFailure } from './harness.js';

const PACE = '0.1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = 'test-output/webapp';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let bot: BotProcess;
logBotOnFailure(() => bot);
let store: RedisStore;
let browser: Browser;
let base: string;

const ann0: FakeUser = { id: 7101, first_name: 'Ann', language_code: 'en' };
const ben0: FakeUser = { id: 7102, first_name: 'Бен', language_code: 'ru' };
const eve: FakeUser = { id: 7103, first_name: 'Eve', language_code: 'en' };
const cid: FakeUser = { id: 7104, first_name: 'Cid', language_code: 'en' };
const dan: FakeUser = { id: 7105, first_name: 'Дан', language_code: 'ru' };
const fay: FakeUser = { id: 7106, first_name: 'Fay', language_code: 'en' };
const gus: FakeUser = { id: 7107, first_name: 'Gus', language_code: 'en' };

/** Launch data as the Telegram client passes it, signed with the bot's token. */
function initData(u: FakeUser, opts: { authDate?: number; token?: string } = {}): string {
  const user = JSON.stringify({ id: u.id, first_name: u.first_name, language_code: u.language_code });
  // Telegram's launch data carry a third-party signature too (Ed25519, checked by Telegram's own key;
  // the bot checks the hash, which covers it).
  return signInitData({ auth_date: String(opts.authDate ?? Math.floor(Date.now() / 1000)), query_id: `q${u.id}`, user, signature: Buffer.from(`sig-${u.id}`.padEnd(64, '.')).toString('base64url') }, opts.token ?? fake.token);
}

function pageUrl(u: FakeUser, gameId: string | null): string {
  const theme = encodeURIComponent(JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }));
  return `${base}/app/${gameId ? `?g=${gameId}` : ''}#tgWebAppData=${encodeURIComponent(initData(u))}&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=${theme}`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: .ci/run installs Debian's chromium (or set CHROMIUM_PATH)`);
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  bot = await startBot(fake, { redisUrl: inject('redisUrl'), env: { PACE_SCALE: PACE, TIMER_TICK_MS: '200', HTTP_PORT: String(port), WEBAPP_URL: `${base}/app`, WEBAPP_NAME: 'board', LINK_NOTICE_SECONDS: '0' } });
  store = new RedisStore(inject('redisUrl'), bot.prefix, ttl);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  if (process.env.E2E_LOGS) console.log(bot.logs.join('').split('\n').filter((l) => /"level":(4|5)0/.test(l)).slice(-30).join('\n'));
  await browser?.close();
  // The processes stop first: a failed expectation must not leave them running.
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await store?.close();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

/** A phone held upright (touch) or a computer (mouse). */
const PHONE = { width: 360, height: 740 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const touchPages = new WeakSet<Page>();

async function open(u: FakeUser, gameId: string | null, width: number = PHONE.width, height: number = PHONE.height, opts: { locale?: string; url?: string; telegram?: boolean } = {}): Promise<Page> {
  const touch = width < 700;
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch, ...(opts.locale ? { locale: opts.locale } : {}) });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  if (touch) touchPages.add(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  (page as unknown as { errors: string[] }).errors = errors;
  if (opts.telegram) await page.addInitScript(TELEGRAM_CLIENT);
  await page.goto(opts.url ?? pageUrl(u, gameId));
  return page;
}

/**
 * A Telegram client, as the Android app is to the page: it takes the page's events through
 * window.TelegramWebviewProxy (recorded in window.tgEvents) and answers the requests that
 * Telegram answers (viewport, safe areas, full screen) with its own events.
 */
const TELEGRAM_CLIENT = `(() => {
  const events = (window.tgEvents = []);
  const answer = (eventType, eventData) => setTimeout(() => window.postMessage(JSON.stringify({ eventType, eventData }), '*'), 5);
  window.TelegramWebviewProxy = {
    postEvent(type, data) {
      events.push({ type, data: data ? JSON.parse(data) : null });
      if (type === 'web_app_request_viewport') answer('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      if (type === 'web_app_request_safe_area') answer('safe_area_changed', { top: 0, bottom: 12, left: 0, right: 0 });
      if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
    },
  };
})();`;

type Box = { x: number; y: number; w: number; h: number; what?: string };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/**
 * What a phone player meets on the screen now: every tap target (the board's zones, every button)
 * at least 44×44 px, every text (the page's and the board's numbers) at least 12 px, the players,
 * board, status and buttons apart and all on the screen without scrolling, nothing wider than it.
 */
async function measurePhone(p: Page): Promise<{ minTap: number; minText: number }> {
  const m = await p.evaluate(() => {
    const box = (el: Element, what?: string): { x: number; y: number; w: number; h: number; what?: string } => {
      const b = el.getBoundingClientRect();
      return { x: b.left, y: b.top, w: b.width, h: b.height, ...(what ? { what } : {}) };
    };
    const shown = (el: Element): boolean => {
      const b = el.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const taps = [...document.querySelectorAll('#zones rect[data-zone], button')].filter(shown).map((el) => box(el, (el as HTMLElement).dataset?.zone ?? el.textContent ?? ''));
    const texts: Array<{ what: string; px: number }> = [];
    for (const el of document.querySelectorAll('body *')) {
      if (!shown(el) || el.closest('svg')) continue;
      if ([...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim())) texts.push({ what: (el.textContent ?? '').slice(0, 40), px: parseFloat(getComputedStyle(el).fontSize) });
    }
    const svg = document.querySelector('#board svg') as SVGSVGElement | null;
    if (svg) {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      for (const t of svg.querySelectorAll('text')) texts.push({ what: `board: ${t.textContent}`, px: Number(t.getAttribute('font-size')) * scale });
    }
    const part = (id: string): { x: number; y: number; w: number; h: number; what?: string } | null => {
      const el = document.getElementById(id);
      return el && shown(el) ? box(el, id) : null;
    };
    return { taps, texts, parts: ['players', 'board-wrap', 'dice', 'controls'].map(part), buttons: [...document.querySelectorAll('#controls button')].filter(shown).map((b) => box(b, b.textContent ?? '')), width: innerWidth, height: innerHeight, scroll: document.documentElement.scrollWidth, debug: JSON.stringify({ text: document.getElementById('controls')!.innerText, buttons: [...document.querySelectorAll('#controls button')].map((b) => Math.round(b.getBoundingClientRect().width)), game: document.getElementById('game')!.clientWidth, wrap: document.getElementById('board-wrap')!.getBoundingClientRect(), side: document.getElementById('side')!.getBoundingClientRect(), controls: document.getElementById('controls')!.getBoundingClientRect(), players: document.getElementById('players')!.getBoundingClientRect() }) };
  });
  for (const t of m.taps) {
    expect(t.w, `tap target ${t.what} ${m.debug}`).toBeGreaterThanOrEqual(44);
    expect(t.h, `tap target ${t.what} ${m.debug}`).toBeGreaterThanOrEqual(44);
  }
  for (const t of m.texts) expect(t.px, `text "${t.what}"`).toBeGreaterThanOrEqual(12);
  const parts = m.parts.filter((x): x is Box => x !== null);
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) expect(overlap(parts[i]!, parts[j]!), `${parts[i]!.what} and ${parts[j]!.what}`).toBe(false);
    // On the screen with the board, without scrolling.
    expect(parts[i]!.y + parts[i]!.h, `${parts[i]!.what} on the screen`).toBeLessThanOrEqual(m.height + 0.5);
    expect(parts[i]!.x + parts[i]!.w).toBeLessThanOrEqual(m.width + 0.5);
  }
  for (let i = 0; i < m.buttons.length; i++) for (let j = i + 1; j < m.buttons.length; j++) expect(overlap(m.buttons[i]!, m.buttons[j]!)).toBe(false);
  expect(m.scroll).toBeLessThanOrEqual(m.width);
  const sizes = { minTap: Math.min(...m.taps.map((t) => Math.min(t.w, t.h))), minText: Math.min(...m.texts.map((t) => t.px)) };
  phoneSizes.push(sizes);
  return sizes;
}
/** Every phone measure of the run: the smallest tap target and text seen (printed at the end). */
const phoneSizes: Array<{ minTap: number; minText: number }> = [];
afterAll(() => {
  if (phoneSizes.length) console.log(`phone (360×740): ${phoneSizes.length} screens measured; smallest tap target ${Math.min(...phoneSizes.map((x) => x.minTap)).toFixed(1)} px, smallest text ${Math.min(...phoneSizes.map((x) => x.minText)).toFixed(1)} px`);
});

const pageV = async (p: Page): Promise<number> => Number((await p.evaluate(() => document.body.dataset.v)) ?? -1);
const mine = async (p: Page): Promise<boolean> => (await p.evaluate(() => document.body.dataset.mine)) === '1';

/** Tap the middle of a zone of the board (the page's own tap layer). */
async function tapZone(p: Page, selector: string): Promise<void> {
  const box = await p.locator(selector).first().boundingBox();
  if (!box) throw new Error(`no zone ${selector}`);
  if (touchPages.has(p)) await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  else await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** One action of the player whose page has something to do; returns the version it reached. */
async function actOnce(p: Page, other: Page, drag: boolean): Promise<void> {
  const v = await pageV(p);
  const phone = touchPages.has(p);
  if (phone) await measurePhone(p);
  // Drag and drop is a mouse's way; a phone taps.
  drag &&= !phone;
  const from = p.locator('#zones rect.from');
  // A checker on the bar is picked up by the page itself: only its targets are lit.
  if ((await from.count()) === 0 && (await p.locator('#zones rect.sel.bar').count()) > 0) {
    expect(await p.locator('#zones rect.target').count()).toBeGreaterThan(0);
    await tapZone(p, '#zones rect.target');
  } else if ((await from.count()) > 0) {
    if (drag) {
      // Press a checker, move to its first lit target, let go.
      const a = (await from.first().boundingBox())!;
      await p.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await p.mouse.down();
      const t = (await p.locator('#zones rect.target').first().boundingBox())!;
      await p.mouse.move(t.x + t.width / 2, t.y + t.height / 2, { steps: 4 });
      await p.mouse.up();
    } else {
      await tapZone(p, '#zones rect.from');
      // Only the picked checker's targets light up.
      expect(await p.locator('#zones rect.sel').count()).toBe(1);
      expect(await p.locator('#zones rect.target').count()).toBeGreaterThan(0);
      await tapZone(p, '#zones rect.target');
    }
  } else {
    // Done before Undo; Roll; take a double; accept; the next game.
    const labels = [/Done|Готово/, /Roll|Бросить/, /Take|Взять/, /Accept|Принять/, /Next game|Следующая/];
    let pressed = false;
    for (const re of labels) {
      const b = p.locator('#controls button', { hasText: re });
      if ((await b.count()) > 0) {
        if (phone) await b.first().tap();
        else await b.first().click();
        pressed = true;
        break;
      }
    }
    if (!pressed) throw new Error(`nothing to press on the page: ${await p.locator('#controls').innerText()}`);
  }
  await p.waitForFunction((before) => Number(document.body.dataset.v) > before, v, { timeout: 10_000 });
  // The other page follows within a second.
  const now = await pageV(p);
  const t0 = Date.now();
  await other.waitForFunction((want) => Number(document.body.dataset.v) >= want, now, { timeout: 5000 });
  followMs.push(Date.now() - t0);
}
const followMs: number[] = [];

async function playToEnd(id: string, a: Page, b: Page): Promise<void> {
  const games = new Games({ store });
  for (let i = 0; i < 400; i++) {
    const rec = (await games.get(id))!;
    if (rec.finished) return;
    await Promise.all([a.waitForFunction((v) => Number(document.body.dataset.v) >= v, rec.v), b.waitForFunction((v) => Number(document.body.dataset.v) >= v, rec.v)]);
    const [ma, mb] = [await mine(a), await mine(b)];
    if (ma === mb) throw new Error(`both pages or neither have the move (v${rec.v}, phase ${rec.match.game.phase})`);
    await (ma ? actOnce(a, b, i % 3 === 0) : actOnce(b, a, i % 3 === 0));
  }
  throw new Error('the game did not end');
}

/** The chat boards of both players show version v (or later) of the game. */
async function boardsAt(id: string, v: number, ann: FakeUser, ben: FakeUser): Promise<void> {
  await fake.waitFor(
    () =>
      [ann, ben].every((u) => {
        const msg = board(fake, u.id);
        const data = buttons(msg).find((x) => x.data.startsWith(`g|${id}|`))?.data;
        return data !== undefined && Number(data.split('|')[2]) >= v;
      }),
    10_000,
    `both chat boards at v${v}`,
  );
}

describe('the Mini App', () => {
  // Short nardy: both players on phones (touch, 360×740); long nardy: one on a computer (mouse,
  // 1280×800, some moves dragged), the other on a phone.
  for (const [variant, ann, ben, annScreen] of [['short', ann0, ben0, PHONE], ['long', cid, dan, DESKTOP]] as const) {
    it(`two players finish a ${variant} game by link on the page by tapping; the chat boards follow`, { timeout: 180_000 }, async () => {
      const id = await inviteByLink(fake, ann, variant, 1);
      await acceptLink(fake, ben, ann, id);
      // Both chat boards offer the live board: a web_app button in private chats.
      for (const u of [ann, ben]) {
        const b = board(fake, u.id)!.reply_markup!.inline_keyboard.flat().find((x) => x.web_app);
        expect(b?.web_app?.url).toBe(`${base}/app/?g=${id}`);
      }
      await advanceToEndgame(store, id, 8);
      const a = await open(ann, id, annScreen.width, annScreen.height);
      const b = await open(ben, id);
      await a.waitForSelector('#zones rect');
      await b.waitForSelector('#zones rect');
      expect(await a.locator('#board > svg').count()).toBe(1);
      // The upright phone gets the turned board; the computer the board as the chat draws it.
      expect(await b.evaluate(() => document.body.dataset.shape)).toBe('tall');
      expect(await a.evaluate(() => document.body.dataset.shape)).toBe(annScreen === PHONE ? 'tall' : 'wide');
      // Whoever waits sees whose move it is, in their language, and nothing of the mover's to tap.
      const [mover, waiter, waiterUser, moverUser] = (await mine(a)) ? [a, b, ben, ann] : [b, a, ann, ben];
      expect(await waiter.locator('#hint').innerText()).toMatch(waiterUser.language_code === 'ru' ? new RegExp(`Ждём ход соперника \\(${moverUser.first_name}\\)`) : new RegExp(`Waiting for ${moverUser.first_name}`));
      expect(await waiter.locator('#zones rect.from').count()).toBe(0);
      expect(await mover.locator('#hint').innerText()).not.toMatch(/Waiting|Ждём/);
      await a.screenshot({ path: `${OUT}/${variant}-${annScreen.width}.png` });
      await b.screenshot({ path: `${OUT}/${variant}-360.png` });
      await playToEnd(id, a, b);
      const rec = (await new Games({ store }).get(id))!;
      expect(rec.finished).toBe(true);
      // Both pages show the end; both chat boards follow to the last version.
      for (const p of [a, b]) await p.waitForFunction((v) => Number(document.body.dataset.v) >= v && document.body.dataset.finished === '1', rec.v);
      await boardsAt(id, rec.v, ann, ben);
      expect(await a.locator('#controls button', { hasText: /Rematch/ }).count()).toBe(1);
      expect(await b.locator('#controls button', { hasText: /Реванш/ }).count()).toBe(1);
      // The end screen: review and export as well as the rematch, each in the player's language.
      expect(await a.locator('#controls button', { hasText: /Review/ }).count()).toBe(1);
      expect(await a.locator('#controls button', { hasText: /Export/ }).count()).toBe(1);
      expect(await b.locator('#controls button', { hasText: /Разбор/ }).count()).toBe(1);
      expect(await b.locator('#controls button', { hasText: /Файл партии/ }).count()).toBe(1);
      await measurePhone(b);
      await b.screenshot({ path: `${OUT}/${variant}-end-360.png` });
      // Those buttons open the bot's chat: the export comes at once, the review as its button.
      const after = (await (await fetch(`${base}/app/api/state?g=${id}`, { headers: { 'x-telegram-init-data': initData(ann) } })).json()) as { after: { review: string; export: string } };
      expect(after.after).toEqual({ review: `https://t.me/nardy_test_bot?start=rv_${id}`, export: `https://t.me/nardy_test_bot?start=ex_${id}` });
      const chat = { id: ann.id, type: 'private' as const, first_name: ann.first_name };
      fake.sendText(chat, ann, `/start ex_${id}`);
      await fake.waitFor(() => fake.chatMessages(ann.id).find((m) => m.document && /as a file/.test(m.caption ?? '')), 10_000, 'the export');
      fake.sendText(chat, ann, `/start rv_${id}`);
      const offer = await fake.waitFor(() => fake.chatMessages(ann.id).find((m) => /the review of your moves/.test(m.text ?? '')), 10_000, 'the review offer');
      expect(buttons(offer).map((x) => x.text)).toEqual(['📊 Review', '💾 Export']);
      // Someone else's game: refused in words, nothing sent.
      fake.sendText({ id: eve.id, type: 'private', first_name: eve.first_name }, eve, `/start ex_${id}`);
      await fake.waitFor(() => fake.chatMessages(eve.id).find((m) => /Only the players/.test(m.text ?? '')), 10_000, 'the refusal');
      for (const p of [a, b]) expect((p as unknown as { errors: string[] }).errors).toEqual([]);
      await a.close();
      await b.close();
    });
  }

  it('a watcher follows a game in the browser within a second of each move, and every act it tries is refused', { timeout: 120_000 }, async () => {
    const [hal, ida, joy]: FakeUser[] = [7108, 7109, 7110].map((id, i) => ({ id, first_name: ['Hal', 'Ida', 'Joy'][i]!, language_code: 'en' }));
    const id = await inviteByLink(fake, hal!, 'short', 1);
    await acceptLink(fake, ida!, hal!, id);
    // Far enough from the end that the moves below cannot finish the game.
    await advanceToEndgame(store, id, 3);
    const token = new Watch(fake.token).token(id);
    const a = await open(hal!, id);
    const b = await open(ida!, id);
    const w = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await w.goto(`${base}/app/?g=${id}&w=${token}#tgWebAppData=${encodeURIComponent(initData(joy!))}&tgWebAppVersion=8.0&tgWebAppPlatform=android`);
    await w.waitForFunction(() => document.body.dataset.watching === '1');
    // A watcher has nothing to press, and is told it is watching.
    expect(await w.locator('#zones rect.from').count()).toBe(0);
    expect(await w.locator('#controls button', { hasText: /Roll|Done|Take|Accept|Resign|Rematch/ }).count()).toBe(0);
    expect(await w.locator('#hint').innerText()).toMatch(/Watching/);
    // The chat picture: the watch link opened in the bot's chat.
    fake.sendText({ id: joy!.id, type: 'private', first_name: 'Joy' }, joy!, `/start w_${id}_${token}`);
    const picture = await fake.waitFor(() => fake.chatMessages(joy!.id).find((m) => m.photo && /Watching/.test(m.caption ?? '')), 10_000, 'the watch picture');
    expect(buttons(picture).some((x) => x.data.startsWith('g|'))).toBe(false);
    // Each move: the watcher's page follows within a second.
    const follow: number[] = [];
    for (let i = 0; i < 6; i++) {
      const rec = (await new Games({ store }).get(id))!;
      expect(rec.finished).toBe(false);
      await Promise.all([a.waitForFunction((v) => Number(document.body.dataset.v) >= v, rec.v), b.waitForFunction((v) => Number(document.body.dataset.v) >= v, rec.v)]);
      const [p, q] = (await mine(a)) ? [a, b] : [b, a];
      await actOnce(p, q, false);
      const reached = await pageV(p);
      const t0 = Date.now();
      await w.waitForFunction((v) => Number(document.body.dataset.v) >= v, reached, { timeout: 5000 });
      follow.push(Date.now() - t0);
    }
    expect(follow.length).toBe(6);
    expect(Math.max(...follow)).toBeLessThan(1000);
    // The chat picture was edited to follow (at its own pace).
    await fake.waitFor(() => (fake.messages.get(`${joy!.id}:${picture.message_id}`)?.edits ?? 0) > 0, 15_000, 'the picture edited');
    // Whatever the watcher sends, nothing changes: acts are refused as for an unknown game.
    const before = (await new Games({ store }).get(id))!.v;
    const post = (body: unknown): Promise<Response> => fetch(`${base}/app/api/act`, { method: 'POST', headers: { 'x-telegram-init-data': initData(joy!), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const act of ['r', 'R1', 'd', 'u', 'D', 't', 'a', 'n', 'm']) {
      const r = await post({ g: id, v: before, act });
      expect(r.status, `${act}: ${await r.text()}`).toBe(404);
    }
    expect((await new Games({ store }).get(id))!.v).toBe(before);
    // A forged token opens nothing: the real one with its last character changed (tokens write
    // '-' and '_' as 'x', so one in about twenty ends in 'x' already: then a 'y').
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect(wrong).not.toBe(token);
    const forged = await fetch(`${base}/app/api/state?g=${id}&w=${wrong}`, { headers: { 'x-telegram-init-data': initData(joy!) } });
    expect(forged.status).toBe(404);
    for (const p of [a, b, w]) expect((p as unknown as { errors?: string[] }).errors ?? []).toEqual([]);
    await a.close();
    await b.close();
    await w.close();
  });

  it('a page follows each change within a second', () => {
    expect(followMs.length).toBeGreaterThan(10);
    const sorted = [...followMs].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length * 0.95)]!).toBeLessThan(1000);
  });

  it('forged, expired, foreign and replayed requests change nothing', async () => {
    const [ann, ben] = [fay, gus];
    const id = await inviteByLink(fake, ann, 'short', 1);
    await acceptLink(fake, ben, ann, id);
    const games = new Games({ store });
    const before = (await games.get(id))!;
    const get = (path: string, init: string): Promise<Response> => fetch(`${base}/app/api/${path}`, { headers: { 'x-telegram-init-data': init } });
    const post = (init: string, body: unknown): Promise<Response> => fetch(`${base}/app/api/act`, { method: 'POST', headers: { 'x-telegram-init-data': init, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Signed with another token, altered after signing, expired, missing.
    expect((await get(`state?g=${id}`, initData(ann, { token: '123:forged' }))).status).toBe(401);
    const altered = initData(eve).replace(encodeURIComponent(`"id":${eve.id}`), encodeURIComponent(`"id":${ann.id}`));
    expect(altered).not.toBe(initData(eve));
    expect((await get(`state?g=${id}`, altered)).status).toBe(401);
    expect((await get(`state?g=${id}`, initData(ann, { authDate: Math.floor(Date.now() / 1000) - 2 * 86_400 }))).status).toBe(401);
    expect((await get(`state?g=${id}`, '')).status).toBe(401);
    // A real user who does not play in the game gets exactly what an unknown game gets (no
    // way to learn which ids exist).
    const foreign = await get(`state?g=${id}`, initData(eve));
    const unknown = await get(`state?g=zz${id.slice(2)}`, initData(eve));
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
    expect((await get(`events?g=${id}`, initData(eve))).status).toBe(404);
    const who = before.match.game.phase === 'roll' ? (before.match.game.position.turn === 'white' ? before.players.white : before.players.black) : null;
    const mover = who && who.kind === 'human' && who.id === ann.id ? ann : ben;
    expect((await post(initData(eve), { g: id, v: before.v, act: 'R1' })).status).toBe(404);
    // Bad bodies.
    for (const body of [{ g: id, v: before.v, act: 's9901' }, { g: id, v: before.v, act: { type: 'roll' } }, { g: id, v: before.v, act: 'Rm' }, { g: id, v: 'x', act: 'r' }, { g: '../x', v: 1, act: 'r' }, 'not json']) {
      expect((await post(initData(mover), body)).status).toBe(400);
    }
    expect((await games.get(id))!.v).toBe(before.v);
    // A real press, then the same request again: the second is out of date and changes nothing.
    const state = (await (await get(`state?g=${id}`, initData(mover))).json()) as { v: number; choices: { roll: boolean; resign: number[] } };
    const act = state.choices.roll ? 'r' : 'R1';
    const first = await post(initData(mover), { g: id, v: state.v, act });
    expect(first.status).toBe(200);
    const after = (await games.get(id))!.v;
    expect(after).toBeGreaterThan(state.v);
    const again = await post(initData(mover), { g: id, v: state.v, act });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: string }).result).toBe('stale');
    expect((await games.get(id))!.v).toBe(after);
    // The page and its files carry a strict Content-Security-Policy; the API needs launch data.
    const page = await fetch(`${base}/app/`);
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toContain('unsafe');
    expect((await fetch(`${base}/app/api/games`)).status).toBe(401);
    expect((await fetch(`${base}/app/../src/main.ts`)).status).toBe(404);
    expect((await fetch(`${base}/app/api/act`)).status).toBe(405);
  });

  it('live streams are capped per person: one more is answered 429, and a closed one frees its place', async () => {
    const id = await inviteByLink(fake, cid, 'long', 1);
    await acceptLink(fake, dan, cid, id);
    const open = async (): Promise<{ status: number; abort: AbortController }> => {
      const abort = new AbortController();
      const res = await fetch(`${base}/app/api/events?g=${id}`, { headers: { 'x-telegram-init-data': initData(cid) }, signal: abort.signal });
      if (res.status !== 200) await res.arrayBuffer();
      return { status: res.status, abort };
    };
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await open());
    expect(held.map((h) => h.status)).toEqual(held.map(() => 200));
    const over = await open();
    expect(over.status).toBe(429);
    // The other player is not held back by this one's streams.
    const other = await fetch(`${base}/app/api/events?g=${id}`, { headers: { 'x-telegram-init-data': initData(dan) }, signal: AbortSignal.timeout(1000) }).catch(() => null);
    expect(other?.status).toBe(200);
    held.pop()!.abort.abort();
    await new Promise((r) => setTimeout(r, 200));
    const again = await open();
    expect(again.status).toBe(200);
    for (const h of [...held, again]) h.abort.abort();
  });

  it('a player with no game starts one against the bot from the page, in their language; its board also comes to the chat', { timeout: 60_000 }, async () => {
    const iya: FakeUser = { id: 7111, first_name: 'Ия', language_code: 'ru' };
    const p = await open(iya, null);
    await p.waitForSelector('#list button.new');
    // No dead "/play": a new game is a tap away, in Russian, every target thumb-sized.
    expect(await p.locator('#list h2').allInnerTexts()).toEqual(['Сейчас у вас нет партий.', 'Новая партия с ботом']);
    expect(await p.locator('#list button.level').allInnerTexts()).toEqual(['лёгкий', 'средний', 'сильный']);
    await measurePhone(p);
    await p.screenshot({ path: `${OUT}/new-game-360.png` });
    await p.locator('#list button.level', { hasText: 'лёгкий' }).tap();
    expect(await p.locator('#list button.level[aria-checked="true"]').innerText()).toBe('лёгкий');
    await p.locator('#list button.new', { hasText: 'Короткие нарды' }).tap();
    await p.waitForFunction(() => document.body.dataset.view === 'game' && !!document.body.dataset.game);
    const id = (await p.evaluate(() => document.body.dataset.game))!;
    const rec = (await new Games({ store }).get(id))!;
    expect(rec.kind).toBe('bot');
    expect(rec.match.variant).toBe('short');
    expect(Object.values(rec.players).some((x) => x.kind === 'bot' && x.level === 'easy')).toBe(true);
    expect(Object.values(rec.players).some((x) => x.kind === 'human' && x.id === iya.id)).toBe(true);
    // The dice commitment is told once, before the first roll.
    expect(await p.locator('#toast').innerText()).toMatch(/Кости: обязательство [0-9a-f]{64}/);
    await fake.waitFor(() => fake.chatMessages(iya.id).find((m) => m.photo && buttons(m).some((b) => b.data.includes(id))), 15_000, 'the board in the chat');
    await measurePhone(p);
    // A second new game while this one goes on opens this one.
    const again = await fetch(`${base}/app/api/new`, { method: 'POST', headers: { 'x-telegram-init-data': initData(iya), 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'long', level: 'hard' }) });
    expect(await again.json()).toMatchObject({ ok: true, result: 'in-play', next: id });
    for (const body of [{ variant: 'long', level: 'expert' }, { variant: 'x', level: 'easy' }, {}, 'not json']) {
      const r = await fetch(`${base}/app/api/new`, { method: 'POST', headers: { 'x-telegram-init-data': initData(iya), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(r.status).toBe(400);
    }
    expect((await fetch(`${base}/app/api/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"variant":"short","level":"easy"}' })).status).toBe(401);
    expect((p as unknown as { errors: string[] }).errors).toEqual([]);
    await p.close();
  });

  it('a puzzle on the page: the board with the roll, the answers as buttons, the answer told with what each play loses', { timeout: 60_000 }, async () => {
    const kai: FakeUser = { id: 7115, first_name: 'Kai', language_code: 'en' };
    // Short nardy, with every cube problem seen lately: a play problem first.
    const short = loadBank('short').problems;
    const seen = (kind: 'play' | 'cube'): string[] => short.filter((x) => x.kind === kind).map((x) => x.id);
    await store.docs.save(`puzzle:u:${kai.id}`, 0, JSON.stringify({ ...NEW_PROFILE, asked: 'short', recent: seen('cube') }), 600);
    const p = await open(kai, null);
    await p.waitForSelector('#list button.puzzle');
    await p.locator('#list button.puzzle').tap();
    await p.waitForFunction(() => document.body.dataset.view === 'puzzle');
    await p.waitForSelector('#board > svg');
    const answers = p.locator('#controls button.answer');
    expect(await answers.count()).toBeGreaterThanOrEqual(3);
    expect(await p.locator('#dice svg.die').count()).toBe(2);
    await measurePhone(p);
    await p.screenshot({ path: `${OUT}/puzzle-360.png` });
    const first = await p.locator('#far').innerText();
    await answers.first().tap();
    await p.waitForFunction(() => /Puzzle [sl]\d+, \d-\d: (solved|not the best play)/.test(document.getElementById('hint')!.textContent ?? ''));
    expect(await p.locator('#news').innerText()).toMatch(/— the best play/);
    expect(await p.locator('#news').innerText()).toMatch(/Puzzle rating \d+ \([+−]\d+\)/);
    await measurePhone(p);
    await p.screenshot({ path: `${OUT}/puzzle-answer-360.png` });
    // The same answer again (another page, an old request): counted once.
    const doc = (await store.docs.get(`puzzle:u:${kai.id}`))!;
    const profile = JSON.parse(doc.data) as PuzzleProfile;
    expect(profile.attempts).toBe(1);
    // Now every play problem seen lately: the next is a cube problem, before the roll.
    expect(await store.docs.save(`puzzle:u:${kai.id}`, doc.v, JSON.stringify({ ...profile, recent: seen('play') }), 600)).toBe(true);
    await p.locator('#controls button', { hasText: /Next puzzle/ }).tap();
    await p.waitForFunction((before) => document.body.dataset.view === 'puzzle' && document.getElementById('far')!.innerText !== before && document.querySelectorAll('#controls button.answer').length >= 3, first);
    expect((await answers.allInnerTexts()).sort()).toEqual(['Double, pass', 'Double, take', 'No double, take', 'Too good, pass']);
    expect(await p.locator('#dice svg.die').count()).toBe(0);
    expect(await p.locator('#near').innerText()).toMatch(/to roll, a money game, (the cube centred at 1|your cube at 2): what is the cube action\?/);
    const shownNow = (JSON.parse((await store.docs.get(`puzzle:u:${kai.id}`))!.data) as PuzzleProfile).current!.id;
    const centred = short.find((x) => x.id === shownNow)!.cube!.owner === null;
    expect(await p.locator('#centre-cube').isVisible()).toBe(centred);
    expect(await p.locator('#near .cube').count()).toBe(centred ? 0 : 1);
    await measurePhone(p);
    await answers.first().tap();
    await p.waitForFunction(() => /Puzzle s\d+, the cube: (solved|not the right action)/.test(document.getElementById('hint')!.textContent ?? ''));
    expect(await p.locator('#news').innerText()).toMatch(/— the right action/);
    expect(await p.locator('#news').innerText()).toMatch(/Why: (White|Black) .* wins \d+% of games/);
    await p.screenshot({ path: `${OUT}/puzzle-cube-answer-360.png` });
    expect((p as unknown as { errors: string[] }).errors).toEqual([]);
    await p.close();
  });

  it('refuses a page opened outside Telegram in the browser\'s language', async () => {
    for (const [locale, text] of [
      ['ru-RU', /Откройте доску из Telegram/],
      ['en-GB', /Open this board from Telegram/],
    ] as const) {
      const p = await open(eve, null, PHONE.width, PHONE.height, { locale, url: `${base}/app/` });
      await p.waitForSelector('#list .refusal');
      expect(await p.locator('#list .refusal').innerText()).toMatch(text);
      await p.close();
    }
    // Launch data that fails its check: refused in the language its user claims.
    const forged = initData({ id: 7112, first_name: 'Лев', language_code: 'ru' }, { token: '1:forged' });
    const p = await open(eve, null, PHONE.width, PHONE.height, { locale: 'en-US', url: `${base}/app/#tgWebAppData=${encodeURIComponent(forged)}&tgWebAppVersion=8.0&tgWebAppPlatform=android` });
    await p.waitForSelector('#list .refusal');
    expect(await p.locator('#list .refusal').innerText()).toMatch(/Откройте доску из Telegram/);
    await p.close();
  });

  it("talks to Telegram through its SDK: ready, expand, the viewport and its safe areas, the back button, haptics", { timeout: 60_000 }, async () => {
    const [kim, lou]: FakeUser[] = [7113, 7114].map((uid, i) => ({ id: uid, first_name: ['Kim', 'Lou'][i]!, language_code: 'en' }));
    const id = await inviteByLink(fake, kim!, 'short', 1);
    await acceptLink(fake, lou!, kim!, id);
    const pages = [await open(kim!, id, PHONE.width, PHONE.height, { telegram: true }), await open(lou!, id, PHONE.width, PHONE.height, { telegram: true })];
    for (const p of pages) await p.waitForSelector('#zones rect');
    const events = async (p: Page): Promise<Array<{ type: string; data: Record<string, unknown> | null }>> => p.evaluate(() => (window as unknown as { tgEvents: Array<{ type: string; data: Record<string, unknown> | null }> }).tgEvents);
    for (const p of pages) {
      await p.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-safe-area-inset-bottom').trim() === '12px', undefined, { timeout: 5000 });
      const types = (await events(p)).map((e) => e.type);
      for (const t of ['web_app_ready', 'web_app_expand', 'web_app_request_viewport', 'web_app_request_safe_area']) expect(types).toContain(t);
      // In a game, Telegram's back button leads to the list of games.
      expect((await events(p)).filter((e) => e.type === 'web_app_setup_back_button').at(-1)?.data).toEqual({ is_visible: true });
      // The safe areas reach the page's layout: the phone's bottom edge stays clear.
      expect(await p.evaluate(() => parseFloat(getComputedStyle(document.getElementById('app')!).paddingBottom))).toBe(18);
    }
    // Whoever acts feels each tap.
    const p = (await mine(pages[0]!)) ? pages[0]! : pages[1]!;
    const before = (await events(p)).filter((e) => e.type === 'web_app_trigger_haptic_feedback').length;
    await actOnce(p, p === pages[0] ? pages[1]! : pages[0]!, false);
    expect((await events(p)).filter((e) => e.type === 'web_app_trigger_haptic_feedback').length).toBeGreaterThan(before);
    await measurePhone(p);
    for (const x of pages) {
      expect((x as unknown as { errors: string[] }).errors).toEqual([]);
      await x.close();
    }
  });

  it('lays out without overlap at 360 px and 1280 px; the menu opens the list of games', async () => {
    const ann = ann0;
    const id = await inviteByLink(fake, eve, 'long', 1);
    await acceptLink(fake, ann, eve, id);
    for (const [w, h] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      const p = await open(eve, id, w, h);
      await p.waitForSelector('#zones rect');
      await p.waitForSelector('#controls button');
      await p.screenshot({ path: `${OUT}/board-${w}.png`, fullPage: true });
      const boxes = await p.evaluate(() => {
        const r = (el: Element): { x: number; y: number; w: number; h: number } => {
          const b = el.getBoundingClientRect();
          return { x: b.left, y: b.top, w: b.width, h: b.height };
        };
        return {
          width: window.innerWidth,
          scroll: document.documentElement.scrollWidth,
          parts: ['#board-wrap', '#controls', '#news'].map((s) => r(document.querySelector(s)!)),
          buttons: Array.from(document.querySelectorAll('#controls button')).map(r),
        };
      });
      // Nothing wider than the screen; board, controls and news apart; buttons apart from each other.
      expect(boxes.scroll).toBeLessThanOrEqual(boxes.width);
      const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
      const [boardBox, controls, news] = boxes.parts as [typeof boxes.parts[0], typeof boxes.parts[0], typeof boxes.parts[0]];
      expect(boardBox.w).toBeGreaterThan(w * 0.6);
      expect(overlap(boardBox, controls)).toBe(false);
      expect(overlap(boardBox, news)).toBe(false);
      expect(overlap(controls, news)).toBe(false);
      for (let i = 0; i < boxes.buttons.length; i++) for (let j = i + 1; j < boxes.buttons.length; j++) expect(overlap(boxes.buttons[i]!, boxes.buttons[j]!)).toBe(false);
      for (const b of boxes.buttons) expect(b.x + b.w).toBeLessThanOrEqual(w);
      await p.close();
    }
    // Opened from the menu (no game named): the person's games, in their language.
    const p = await open(ann, null);
    await p.waitForSelector('#list button');
    expect(await p.locator('#list button', { hasText: /Long nardy/ }).count()).toBeGreaterThan(0);
    await p.locator('#list button').first().click();
    await p.waitForSelector('#zones rect');
    await p.close();
    // The chat's menu button opens the Mini App.
    expect(fake.menuButton).toMatchObject({ type: 'web_app', web_app: { url: `${base}/app/` } });
  });
});
