/**
 * What players hit (issue 12), through the handlers with a stand-in for Telegram that keeps the
 * messages: each test states what a player sees or can press.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBotToAct, sideOfUser, type Press } from '../../src/app/games.js';
import type { GameRecord } from '../../src/app/model.js';
import { parseCallback } from '../../src/bot/codec.js';
import { parsePlayArgs } from '../../src/bot/features/play.js';
import { actor, currentTurn } from '../../src/engine/game.js';
import { oppPointOf } from '../../src/engine/numbering.js';
import { playersNotation } from '../../src/engine/notation.js';
import { createLogger } from '../../src/logger.js';
import { botHarness, GROUP, private_, type BotHarness, type Message, type User } from '../helpers/bot-harness.js';

const vera: User = { id: 71, first_name: 'Вера', language_code: 'ru', username: 'vera' };
const lev: User = { id: 72, first_name: 'Лев', language_code: 'ru', username: 'lev' };
const sam: User = { id: 73, first_name: 'Sam', language_code: 'en', username: 'sam' };

function gameIdOf(m: Message): string {
  for (const b of m.buttons.flat()) {
    const cb = parseCallback(b.callback_data);
    if (cb && 'id' in cb && cb.kind !== 'challenge') return cb.id;
  }
  throw new Error('no game button');
}

/** Challenge in the group and accept: the game's record and its board. */
async function groupGame(h: BotHarness, from: User, to: User, args = ''): Promise<GameRecord> {
  await h.say(from, `/play ${args}`.trim(), GROUP, { from: to });
  const challenge = h.last(GROUP.id);
  await h.pressLabel(to, challenge, /Принять|Accept/);
  const rec = await h.app.games.get(gameIdOf(h.board(GROUP.id)));
  return rec!;
}

/** A game with the bot from the private menu. */
async function botGame(h: BotHarness, u: User, data = 'pb|long|medium|1'): Promise<GameRecord> {
  await h.say(u, '/play');
  await h.press(u, h.last(u.id), data);
  return (await h.app.games.get(gameIdOf(h.board(u.id))))!;
}

function userOf(rec: GameRecord, side: 'white' | 'black', users: User[]): User {
  const p = rec.players[side];
  return users.find((u) => p.kind === 'human' && u.id === p.id)!;
}

/** Press whatever moves the game on for whoever is to act on a shared board. */
async function step(h: BotHarness, rec: GameRecord, users: User[]): Promise<GameRecord> {
  const board = h.board(GROUP.id);
  const who = actor(rec.match.game) ?? rec.match.game.position.turn;
  const u = userOf(rec, who, users);
  const b = board.buttons.flat().find((x) => /^g\|.*\|(r|P\d+|s\d{4}|d|t)(\||$)/.test(x.callback_data ?? ''));
  if (!b) throw new Error(`nothing to press: ${h.labels(board).join(', ')}`);
  await h.press(u, board, b.callback_data!);
  return (await h.app.games.get(rec.id))!;
}

describe('/play understands the natural ways to name a game and a length', () => {
  it.each([
    ['длинные нарды', 'long', null],
    ['нарды', 'long', null],
    ['Нарды до 5', 'long', 5],
    ['короткие нарды', 'short', null],
    ['короткие 5', 'short', 5],
    ['backgammon to 7', 'short', 7],
    ['short 3', 'short', 3],
    ['long', 'long', null],
    ['матч до 5 очков в длинные', 'long', 5],
    ['a match to 3 points of short', 'short', 3],
    ['длинная', 'long', null],
    ['', null, null],
  ])('%s', (text, variant, length) => {
    expect(parsePlayArgs(text)).toMatchObject({ variant, length });
  });

  it('a length out of range names the range; anything else lists what is accepted', async () => {
    expect(parsePlayArgs('30')).toEqual({ error: 'play-bad-length', arg: '30' });
    expect(parsePlayArgs('0')).toEqual({ error: 'play-bad-length', arg: '0' });
    expect(parsePlayArgs('long short')).toEqual({ error: 'play-two-games' });
    const h = botHarness();
    await h.say(vera, '/play 30', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/от 1 до 25/);
    await h.say(vera, '/play шахматы', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/Не понял «шахматы».*длинные.*короткие.*от 1 до 25/s);
    await h.say(vera, '/play длинные нарды', GROUP, { from: lev });
    const challenge = (await h.app.challenges.inChat(GROUP.id))[0]!;
    expect(challenge.variant).toBe('long');
    // Natural wording: the person challenged is named first, the game in the accusative.
    expect(h.last(GROUP.id).text).toMatch(/^Лев, вас вызывает Вера на партию в длинные нарды\./);
  });

  it('in private, /play short 5 goes straight to the levels, which start that match', async () => {
    const h = botHarness();
    await h.say(vera, '/play короткие 5');
    const menu = h.last(vera.id);
    expect(menu.text).toMatch(/Короткие нарды: насколько сильно/);
    await h.pressLabel(vera, menu, /лёгкий/);
    const rec = await h.app.games.get(gameIdOf(h.board(vera.id)));
    expect(rec!.match).toMatchObject({ variant: 'short', length: 5 });
  });

  it('both games offer easy, medium and hard, hard the strongest; an old expert button says it is gone and shows the levels', async () => {
    const h = botHarness();
    for (const game of ['короткие', 'длинные']) {
      await h.say(vera, `/play ${game}`);
      const menu = h.last(vera.id);
      expect(h.labels(menu)).toEqual(['лёгкий', 'средний', 'сильный']);
      expect(menu.text).toMatch(/Сильный — в полную силу/);
      expect(menu.text).not.toMatch(/[Ээ]ксперт/);
    }
    // A menu sent before expert was retired: its button starts nothing.
    for (const variant of ['short', 'long']) {
      const toast = await h.press(vera, h.last(vera.id), `pb|${variant}|expert|1`);
      expect(toast).toMatch(/Уровня «эксперт» больше нет/);
      expect(h.in(vera.id).some((m) => m.photo)).toBe(false);
      expect(h.labels(h.last(vera.id))).toHaveLength(3);
    }
  });
});

describe('resigning in a group is the sender\'s own business', () => {
  it('/resign from the player not on move opens a menu for the sender only; the mover\'s buttons stay', async () => {
    const h = botHarness();
    let rec = await groupGame(h, vera, lev);
    rec = (await h.app.games.get(rec.id))!;
    const mover = actor(rec.match.game) ?? rec.match.game.position.turn;
    const waiting = userOf(rec, mover === 'white' ? 'black' : 'white', [vera, lev]);
    const moverUser = userOf(rec, mover, [vera, lev]);
    const board = h.board(GROUP.id);
    const before = JSON.stringify(board.buttons);
    await h.say(waiting, '/resign', GROUP);
    expect(JSON.stringify(h.board(GROUP.id).buttons)).toBe(before);
    const menu = h.last(GROUP.id);
    expect(menu.photo).toBe(false);
    expect(menu.text).toContain(waiting.first_name);
    expect(h.labels(menu)).toEqual(expect.arrayContaining([expect.stringMatching(/^Сдаться: 1 очко$/), expect.stringMatching(/^Сдаться: 2 очка \(марс\)$/)]));
    // The mover cannot press it.
    expect(await h.pressLabel(moverUser, menu, /1 очко/)).toMatch(/для другого игрока/);
    expect((await h.app.games.get(rec.id))!.match.game.phase).toBe(rec.match.game.phase);
    // The sender resigns; the opponent answers on the board, and the caption says who offered.
    await h.pressLabel(waiting, menu, /1 очко/);
    const after = (await h.app.games.get(rec.id))!;
    expect(after.match.game.phase).toBe('resign');
    expect(after.match.game.pendingResign!.by).toBe(sideOfUser(after, waiting.id));
    const b = h.board(GROUP.id);
    expect(b.text).toContain(`${waiting.first_name} хочет сдаться и отдать 1 очко`);
    expect(h.labels(b)).toEqual(['Принять (+1 очко)', 'Отклонить, играем']);
  });

  it('with two games in the group, /resign asks which; the board\'s Resign… opens the same private menu', async () => {
    const h = botHarness();
    const g1 = await groupGame(h, vera, lev);
    const g2 = await groupGame(h, sam, vera);
    await h.say(vera, '/resign', GROUP);
    const chooser = h.last(GROUP.id);
    expect(chooser.text).toMatch(/В какой партии/);
    expect(h.labels(chooser)).toHaveLength(2);
    await h.pressLabel(vera, chooser, /Sam/);
    expect(h.last(GROUP.id).text).toMatch(/Вера, сдаться в партии/);
    expect(parseCallback(h.last(GROUP.id).buttons[0]![0]!.callback_data)).toMatchObject({ kind: 'resign', id: g2.id, user: vera.id });
    // The board's own Resign… button (on a roll) sends a message instead of changing the board.
    void g1;
  });
});

describe('one-game matches and the cube', () => {
  it('a single short game has no cube: no Double button, no cube line; a match has it', async () => {
    const h = botHarness();
    const rec = await botGame(h, vera, 'pb|short|medium|1');
    expect(rec.match.rules.cube).toBe(false);
    expect(h.board(vera.id).text).not.toMatch(/Куб/);
    expect(h.labels(h.board(vera.id)).join(' ')).not.toMatch(/Удвоить/);
    const m = await botGame(h, lev, 'pb|short|medium|5');
    expect(m.match.rules.cube).toBe(true);
    expect(h.board(lev.id).text).toMatch(/Куб: 1 — в центре/);
  });

  it('the bot accepts a 1-point resignation in a one-game match', async () => {
    const h = botHarness();
    let rec = await botGame(h, vera, 'pb|long|medium|1');
    const r = await h.app.games.resign(rec.id, vera.id, 1);
    expect(r.kind).toBe('applied');
    rec = (r as { game: GameRecord }).game;
    expect(isBotToAct(rec)).toBe(true);
    // The table takes the bot's turn itself.
    await h.app.games.botTurnsSettled();
    const done = (await h.app.games.get(rec.id))!;
    expect(done.finished).toBe(true);
    expect(done.match.game.result).toMatchObject({ kind: 'oin', points: 1, reason: 'resigned' });
  });
});

describe('a group board keeps one orientation and its buttons match the picture', () => {
  it('drawn from the challenger\'s side with the challenger\'s settings; the other player\'s steps are renumbered', async () => {
    const h = botHarness();
    await h.app.players.change(vera.id, { key: 'theme', value: 'dark' });
    let rec = await groupGame(h, vera, lev);
    const veraSide = sideOfUser(rec, vera.id)!;
    expect(rec.seats[0]).toMatchObject({ viewer: veraSide, owner: vera.id });
    const { renderOptions } = await import('../../src/present/board.js');
    const t = h.created.services.t('ru');
    const settings = await h.app.players.settings(vera.id);
    const viewers = new Set<string>();
    let checkedRenumbering = false;
    for (let i = 0; i < 300 && !rec.finished && !checkedRenumbering; i++) {
      const o = renderOptions(rec, rec.seats[0]!, t, settings);
      viewers.add(o.viewer!);
      expect(o.theme).toBe('dark');
      const g = rec.match.game;
      if (g.phase === 'move' && g.position.turn !== veraSide) {
        // The buttons of Лев's move say the points as Вера's picture numbers them.
        const board = h.board(GROUP.id);
        const cb = board.buttons.flat().map((b) => ({ b, cb: parseCallback(b.callback_data) })).find((x) => x.cb?.kind === 'game' && x.cb.act.type === 'step');
        if (cb && cb.cb?.kind === 'game' && cb.cb.act.type === 'step') {
          const [from, to] = cb.cb.act.step;
          const name = (p: number): string => (p === 25 ? 'bar' : p === 0 ? 'off' : String(oppPointOf('long', p)));
          expect(cb.b.text).toBe(`${name(from)}→${name(to)}`);
          expect(board.text).toMatch(/Номера пунктов — как на картинке: со стороны игрока Вера/);
          checkedRenumbering = true;
        }
      }
      rec = await step(h, rec, [vera, lev]);
    }
    expect([...viewers]).toEqual([veraSide]);
    expect(checkedRenumbering).toBe(true);
  });
});

describe('leaving a game with the bot', () => {
  it('/cancel asks first and says what it costs; Keep playing changes nothing; Leave scores no points', async () => {
    const h = botHarness();
    const rec = await botGame(h, vera, 'pb|long|medium|3');
    await h.say(vera, '/cancel');
    const ask = h.last(vera.id);
    expect(ask.text).toMatch(/Выйти из игры .*Матч достанется сопернику .*при нынешнем счёте 0:0/s);
    expect((await h.app.games.get(rec.id))!.finished).toBe(false);
    await h.pressLabel(vera, ask, /Играть дальше/);
    expect((await h.app.games.get(rec.id))!.finished).toBe(false);
    await h.say(vera, '/cancel');
    await h.pressLabel(vera, h.last(vera.id), /Выйти из партии/);
    const over = (await h.app.games.get(rec.id))!;
    expect(over.finished).toBe(true);
    expect(over.match.game.result).toMatchObject({ kind: 'forfeit', points: 0 });
    expect(over.match.score).toEqual({ white: 0, black: 0 });
    const board = h.board(vera.id);
    expect(board.text).toMatch(/Вера выходит из матча/);
    expect(board.text).not.toMatch(/марс|кокс/);
  });

  it('a second /play finds the game in progress: Continue it, or start another only when asked', async () => {
    const h = botHarness();
    const first = await botGame(h, vera, 'pb|long|easy|1');
    await h.say(vera, '/play');
    const notice = h.in(vera.id).at(-2)!;
    expect(notice.text).toMatch(/У вас идёт партия: Длинные нарды против: Бот \(лёгкий\)/);
    await h.pressLabel(vera, h.last(vera.id), /Короткие/);
    await h.pressLabel(vera, h.last(vera.id), /средний/);
    await h.pressLabel(vera, h.last(vera.id), /Одна партия/);
    expect(h.last(vera.id).text).toMatch(/У вас уже идёт партия/);
    expect((await h.app.games.userGamesInChat(vera.id, vera.id)).length).toBe(1);
    // Continue brings the old board down to the bottom of the chat.
    const oldBoard = h.board(vera.id);
    await h.pressLabel(vera, h.last(vera.id), /Продолжить/);
    expect(h.board(vera.id).messageId).not.toBe(oldBoard.messageId);
    expect(gameIdOf(h.board(vera.id))).toBe(first.id);
    expect(oldBoard.buttons).toEqual([]);
    // Asked explicitly: a second game.
    await h.say(vera, '/play короткие');
    await h.pressLabel(vera, h.last(vera.id), /средний/);
    await h.pressLabel(vera, h.last(vera.id), /Одна партия/);
    await h.pressLabel(vera, h.last(vera.id), /Начать и новую/);
    expect((await h.app.games.userGamesInChat(vera.id, vera.id)).length).toBe(2);
  });
});

describe('settings during a game', () => {
  it('a change of theme or side redraws the board at once, not at the next move', async () => {
    const h = botHarness();
    await h.say(sam, '/play short');
    await h.pressLabel(sam, h.last(sam.id), /medium/);
    await h.pressLabel(sam, h.last(sam.id), /One game|Single/);
    await h.created.settled();
    const board = h.board(sam.id);
    const media = (): number => h.calls.filter((c) => c.method === 'editMessageMedia' && Number(c.payload.chat_id) === sam.id).length;
    const before = media();
    await h.say(sam, '/settings');
    await h.pressLabel(sam, h.last(sam.id), /Dark board/);
    await h.created.settled();
    expect(media()).toBe(before + 1);
    // The board kept its place: the same message, drawn again.
    expect(h.board(sam.id).messageId).toBe(board.messageId);
    // A setting the board does not show (notices) draws nothing.
    await h.pressLabel(sam, h.last(sam.id), /By link/);
    await h.created.settled();
    expect(media()).toBe(before + 1);
  });
});

describe('fair dice a player can check', () => {
  it('the commitment is shown before the start, the end has Check the dice, plain /fair checks the last game', async () => {
    const h = botHarness();
    // Any script is a seed; a space or a colon is not.
    await h.say(vera, '/fair seed котик');
    expect(h.last(vera.id).text).toMatch(/котик/);
    await h.say(vera, '/fair seed a:b');
    expect(h.last(vera.id).text).toMatch(/не годится/);
    await h.say(vera, '/fair seed vera-seed-1');
    expect(h.last(vera.id).text).toMatch(/vera-seed-1/);
    await h.say(vera, '/play длинные');
    const menu = h.last(vera.id);
    const commit = /обязательство ([0-9a-f]{64})/.exec(menu.text)![1]!;
    await h.pressLabel(vera, menu, /средний/);
    await h.pressLabel(vera, h.last(vera.id), /Одна партия/);
    const started = h.in(vera.id).find((m) => /Удачи/.test(m.text))!;
    expect(started.text).toContain(commit);
    expect(started.text).toContain('vera-seed-1');
    const rec = (await h.app.games.get(gameIdOf(h.board(vera.id))))!;
    expect(rec.dice).toMatchObject({ commit, client: 'vera-seed-1' });
    await h.say(vera, '/cancel');
    await h.pressLabel(vera, h.last(vera.id), /Выйти из партии/);
    const end = h.board(vera.id);
    expect(h.labels(end)).toContain('🎲 Проверить кости');
    await h.pressLabel(vera, end, /Проверить кости/);
    expect(h.last(vera.id).text).toMatch(/Проверка костей партии .*✅/s);
    await h.say(vera, '/fair');
    const plain = h.last(vera.id).text;
    expect(plain).toMatch(new RegExp(`Проверка костей партии ${rec.id}`));
    expect(plain).toMatch(/Кости вашей следующей партии зафиксированы/);
  });
});

describe('captions say what happened, in natural words', () => {
  it('the opening roll says who rolled which die and who starts; dice high first; the bot\'s play since the person\'s press', async () => {
    const h = botHarness();
    for (let i = 0; i < 6; i++) {
      const u = { ...vera, id: 900 + i };
      const rec = await botGame(h, u, 'pb|long|easy|1');
      const text = h.board(u.id).text;
      // Ties are rolled again (each told as a tie); the roll that decides says who starts.
      const openings = rec.events.filter((e) => e.type === 'opening');
      for (const t of openings.slice(0, -1)) if (t.type === 'opening') expect(t.white).toBe(t.black);
      const o = openings.at(-1);
      if (o && o.type === 'opening') {
        expect(o.white).not.toBe(o.black);
        const starter = o.white > o.black ? 'white' : 'black';
        const name = (side: 'white' | 'black'): string => (rec.players[side].kind === 'bot' ? 'Бот (лёгкий)' : 'Вера');
        expect(text).toContain(`Первый бросок: ${name('white')} — ${o.white}, ${name('black')} — ${o.black}. Начинает ${name(starter)}: ${Math.max(o.white, o.black)}-${Math.min(o.white, o.black)}.`);
        if (rec.players[starter].kind === 'bot') expect(text).toMatch(/Бот \(лёгкий\) сыграл \d-\d: /);
      }
      for (const m of text.matchAll(/(\d)-(\d)/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(Number(m[2]));
    }
  });

  it('Russian has no «(а)» forms, and no nested brackets or "in the middle"', () => {
    const ru = readFileSync(new URL('../../locales/ru.ftl', import.meta.url), 'utf8');
    expect(ru).not.toMatch(/\(а\)|л\(а|\(ла\)/);
    const en = readFileSync(new URL('../../locales/en.ftl', import.meta.url), 'utf8');
    expect(en).toMatch(/^cube-centre = centred$/m);
    expect(en).not.toMatch(/in the middle/);
  });

  it('a single game ends in words: who won, oin or mars, points; "match" only for matches', async () => {
    const h = botHarness();
    const rec = await botGame(h, sam, 'pb|long|medium|1');
    const r = await h.app.games.resign(rec.id, sam.id, 2);
    const done = (r as { game: GameRecord }).game;
    const b = await h.app.games.botTurn(done.id);
    await h.created.services.boards.show((b as { game: GameRecord }).game);
    await h.created.settled();
    const text = h.board(sam.id).text;
    expect(text).toMatch(/Bot \(medium\) wins: mars, 2 points\./);
    expect(text).not.toMatch(/match/i);
  });

  it('a double and an accepted resignation are told after the play that came before them', async () => {
    const h = botHarness();
    const { caption } = await import('../../src/present/caption.js');
    const { gameFacts } = await import('../../src/app/table/view.js');
    const t = h.created.services.t('en');
    const people = { vera: { kind: 'human' as const, id: vera.id, name: 'Vera', lang: 'en' as const }, sam: { kind: 'human' as const, id: sam.id, name: 'Sam', lang: 'en' as const } };
    /** Play on (rolls, steps, Done) until `stop` says the record is where the test wants it. */
    const playUntil = async (rec: GameRecord, stop: (r: GameRecord) => boolean): Promise<GameRecord> => {
      for (let i = 0; i < 200 && !stop(rec); i++) {
        const g = rec.match.game;
        const side = actor(g) ?? g.position.turn;
        const p = rec.players[side] as { id: number };
        const press: Press = g.phase === 'move' ? (currentTurn(g).complete ? { type: 'done' } : { type: 'step', step: currentTurn(g).next[0]! }) : g.phase === 'double' ? { type: 'take' } : { type: 'roll' };
        const r = await h.app.games.press(rec.id, rec.v, p.id, press);
        if (r.kind !== 'applied') throw new Error(`could not play on: ${r.kind} ${JSON.stringify(press)} ${g.phase} ${JSON.stringify(r)}`.slice(0, 600));
        rec = r.game;
      }
      return rec;
    };
    const order = (text: string, first: RegExp, then: RegExp): void => {
      const lines = text.split('\n');
      const a = lines.findIndex((l) => first.test(l));
      const b = lines.findIndex((l) => then.test(l));
      expect(a, text).toBeGreaterThanOrEqual(0);
      expect(b, text).toBeGreaterThan(a);
    };
    // A double, on the turn after the other side's play.
    let rec = await h.app.games.start({ kind: 'group', chatId: GROUP.id, lang: 'en', white: people.vera, black: people.sam, variant: 'short', length: 3 });
    rec = await playUntil(rec, (r) => r.match.game.phase === 'roll' && r.match.game.last !== null && r.match.game.last.moves.length > 0 && gameFacts(r).mayDouble);
    const doubler = rec.match.game.position.turn;
    const last = rec.match.game.last!;
    const d = await h.app.games.press(rec.id, rec.v, (rec.players[doubler] as { id: number }).id, { type: 'double' });
    expect(d.kind).toBe('applied');
    rec = (d as { game: GameRecord }).game;
    const played = new RegExp(`played ${Math.max(...last.dice)}-${Math.min(...last.dice)}`);
    order(caption(rec, rec.seats[0]!, t, await h.app.players.settings(sam.id)), played, /take .* or pass/);
    // The bot's double is an event of its turn (table/bot-turn.ts): told after the play before it.
    const byBot: GameRecord = { ...rec, events: [{ type: 'doubled', side: doubler, value: 2 }] };
    order(caption(byBot, rec.seats[0]!, t, await h.app.players.settings(sam.id)), played, /doubles to 2/);
    // An accepted resignation, after the play it followed.
    // (A match with the cube: a group's rolls wait for the player only where a double is possible.)
    let r2 = await h.app.games.start({ kind: 'group', chatId: GROUP.id - 1, lang: 'en', white: people.vera, black: people.sam, variant: 'short', length: 3 });
    r2 = await playUntil(r2, (r) => r.match.game.phase === 'roll' && r.match.game.last !== null && r.match.game.last.moves.length > 0);
    const resigner = r2.match.game.position.turn;
    const accepter = resigner === 'white' ? 'black' : 'white';
    const offered = await h.app.games.act(r2.id, (r2.players[resigner] as { id: number }).id, { kind: 'resign', level: 1 });
    expect(offered.kind).toBe('applied');
    r2 = (offered as { game: GameRecord }).game;
    const accepted = await h.app.games.press(r2.id, r2.v, (r2.players[accepter] as { id: number }).id, { type: 'accept' });
    expect(accepted.kind).toBe('applied');
    r2 = (accepted as { game: GameRecord }).game;
    order(caption(r2, r2.seats[0]!, t, await h.app.players.settings(sam.id)), / played \d-\d: /, / wins game 1/);
    // The bot's acceptance is an event of its turn: told after the play before it.
    const acceptedByBot: GameRecord = { ...r2, events: [{ type: 'resign-accepted', side: accepter }] };
    order(caption(acceptedByBot, r2.seats[0]!, t, await h.app.players.settings(sam.id)), / played \d-\d: /, /accepts the resignation/);
  });

  it('the double\'s buttons say what they cost; the Crawford game says there is no doubling', async () => {
    const h = botHarness();
    const rec = await botGame(h, sam, 'pb|short|easy|3');
    const { gameKeyboard } = await import('../../src/bot/view/keyboard.js');
    const { caption } = await import('../../src/present/caption.js');
    const t = h.created.services.t('en');
    const n = { viewer: 'white' as const, variant: 'short' as const };
    const g = rec.match.game;
    // The bot doubled (it is on turn), so the person answers: their buttons.
    const botSide = rec.players.white.kind === 'bot' ? ('white' as const) : ('black' as const);
    const doubled: GameRecord = { ...rec, match: { ...rec.match, game: { ...g, phase: 'double', position: { ...g.position, turn: botSide }, cube: { value: 2, owner: null } } } };
    const labels = gameKeyboard(doubled, t, n).inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(['Take (cube 4)', 'Pass (lose 2 points)']);
    // The buttons are the choices of the seat: when the person doubled, the answer is the bot's, not a button.
    const personSide = botSide === 'white' ? ('black' as const) : ('white' as const);
    const theirs: GameRecord = { ...rec, match: { ...rec.match, game: { ...g, phase: 'double', position: { ...g.position, turn: personSide }, cube: { value: 2, owner: null } } } };
    expect(gameKeyboard(theirs, t, n).inline_keyboard.flat().map((b) => b.text)).not.toContain('Take (cube 4)');
    const resign = gameKeyboard({ ...rec, match: { ...rec.match, game: { ...g, phase: 'roll' } } }, t, n, { resignMenu: true }).inline_keyboard.flat().map((b) => b.text);
    expect(resign).toEqual(['Resign: 1 point', 'Resign: 2 points (gammon)', 'Resign: 3 points (backgammon)', '← Back']);
    const crawford: GameRecord = { ...rec, match: { ...rec.match, score: { white: 2, black: 0 }, gameNo: 2, crawfordDone: true, game: { ...g, crawford: true, phase: 'roll' } } };
    expect(caption(crawford, rec.seats[0]!, t, (await h.app.players.settings(sam.id)))).toMatch(/Crawford game: no doubling in this game\./);
  });
});

describe('help and the menu', () => {
  it('/help names every feature (stats, top, export, review, hints, by link, inline); the menu has Stats and Help', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(sam, '/help');
    const text = h.last(sam.id).text;
    for (const part of ['/stats', '/top', '/export', 'Review', 'Hint', 'Play a friend', '@nardy_bot']) expect(text).toContain(part);
    await h.say(sam, '/start');
    const menu = h.last(sam.id);
    expect(h.labels(menu)).toEqual(expect.arrayContaining(['📈 My statistics', '❓ Help']));
    await h.pressLabel(sam, menu, /My statistics/);
    expect(h.last(sam.id).text).toMatch(/Statistics of Sam|No finished games yet/);
    const ru = botHarness({ defaultLanguage: 'ru' });
    await ru.say({ ...sam, language_code: 'ru' }, '/help');
    expect(ru.last(sam.id).text).toContain('/stats');
  });
});

describe('a resignation offer in the caption', () => {
  it('is told once while it waits for the answer', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(sam, '/play long', GROUP, { from: vera });
    await h.pressLabel(vera, h.last(GROUP.id), /Accept|Принять/);
    const board = h.board(GROUP.id);
    const id = (parseCallback(board.buttons.flat().find((b) => b.callback_data?.startsWith('g|'))!.callback_data!) as { id: string }).id;
    const r = await h.app.games.resign(id, sam.id, 1);
    expect(r.kind).toBe('applied');
    const { caption } = await import('../../src/present/caption.js');
    const rec = (r as { game: GameRecord }).game;
    const text = caption(rec, rec.seats[0]!, h.created.services.t('en'), await h.app.players.settings(sam.id));
    expect(text.match(/offers to resign/g)).toHaveLength(1);
  });
});

describe('a challenge accepted just before a restart', () => {
  it('Accept pressed again on a message that still offers it says there that it was accepted', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(sam, '/play long', GROUP, { from: vera });
    const ch = h.last(GROUP.id);
    const stale = { ...ch, buttons: ch.buttons.map((row) => row.map((b) => ({ ...b }))) };
    const accept = ch.buttons.flat().find((b) => b.callback_data?.endsWith('|a'))!.callback_data!;
    await h.press(vera, ch, accept);
    // As if the process had stopped between the answer and the edit: the message still shows Accept.
    const before = h.calls.length;
    await h.press(vera, stale, accept);
    const edit = h.calls.slice(before).find((c) => c.method === 'editMessageText');
    expect(edit, 'the stale challenge message is edited').toBeDefined();
    expect(String(edit!.payload.text)).toMatch(/^Sam vs Вера: the game is on!/);
    expect(JSON.stringify(edit!.payload.reply_markup ?? null)).not.toContain("c|");
    expect(h.calls.slice(before).filter((c) => c.method === 'sendPhoto')).toEqual([]);
  });
});

describe('the opening roll in words', () => {
  it('a tie is told as a tie and rolled again, never as a start', async () => {
    const h = botHarness();
    const rec = await botGame(h, sam, 'pb|short|easy|1');
    const { eventText } = await import('../../src/present/text.js');
    for (const lang of ['en', 'ru'] as const) {
      const t = h.created.services.t(lang);
      const tie = eventText(rec, { type: 'opening', white: 6, black: 6 }, t);
      expect(tie).toMatch(lang === 'en' ? /a tie, rolled again/ : /поровну, бросаем ещё раз/);
      expect(tie).not.toMatch(/starts|Начинает/);
      expect(eventText(rec, { type: 'opening', white: 6, black: 5 }, t)).toMatch(lang === 'en' ? /starts with 6-5/ : /Начинает .*: 6-5/);
    }
  });
});

describe('colours', () => {
  it('are drawn at random in games with the bot; the board is from the person\'s side', async () => {
    const h = botHarness();
    const sides = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const u = { ...vera, id: 1000 + i };
      const rec = await botGame(h, u, 'pb|short|easy|1');
      const side = sideOfUser(rec, u.id)!;
      sides.add(side);
      expect(rec.seats[0]!.viewer).toBe(side);
    }
    expect(sides).toEqual(new Set(['white', 'black']));
  });
});

describe('group messages stay in one language', () => {
  it('a declined challenge stays in the challenger\'s language; a lesson belongs to who asked', async () => {
    const h = botHarness();
    await h.say(vera, '/play @sam', GROUP);
    const ch = h.last(GROUP.id);
    await h.pressLabel(sam, ch, /Decline|Отклонить/);
    expect(ch.text).toMatch(/^Sam не принимает вызов/);
    await h.say(vera, '/rules long', GROUP);
    const lesson = h.last(GROUP.id);
    expect(await h.pressLabel(sam, lesson, /Next|Дальше/)).toMatch(/Someone else asked/);
    expect(lesson.history).toHaveLength(1);
    await h.pressLabel(vera, lesson, /Дальше/);
    expect(lesson.text).toMatch(/^Кто ходит первым \(2\/10\)/);
  });
});

describe('a private chat never answers with silence', () => {
  it('plain text and unknown commands get a hint and the menu', async () => {
    const h = botHarness();
    await h.say(vera, 'привет');
    expect(h.last(vera.id).text).toMatch(/Я понимаю кнопки и команды/);
    expect(h.labels(h.last(vera.id))).toContain('🤖 Играть с ботом');
    await h.say(vera, '/chess');
    expect(h.last(vera.id).text).toMatch(/Команды \/chess нет/);
  });
});

describe('nothing is sent twice', () => {
  it('pressing an old button of the current board, or Accept again, sends no identical edit', async () => {
    const h = botHarness();
    let rec = await groupGame(h, vera, lev);
    const old = rec.v;
    rec = await step(h, rec, [vera, lev]);
    expect(rec.v).toBeGreaterThan(old);
    const challenge = h.in(GROUP.id).find((m) => /вызывает/.test(m.history[0]!))!;
    const edits = (): number => h.calls.filter((c) => c.method.startsWith('edit')).length;
    const before = edits();
    await h.press(lev, challenge, `c|${rec.id}|a`);
    const board = h.board(GROUP.id);
    // A button of an older version of this very board, pressed on the board as it is now.
    await h.press(vera, board, `g|${rec.id}|${old}|r`);
    expect(edits()).toBe(before);
    expect(h.calls.filter((c) => c.method === 'answerCallbackQuery').at(-1)!.payload.text).toMatch(/устарела/);
  });

  it('an old board pressed while the bot is to act brings the bot\'s turn on before the redraw', async () => {
    const h = botHarness();
    let rec = await botGame(h, vera, 'pb|short|easy|1');
    const board = h.board(vera.id);
    // The person's turn is saved without the bot's turn after it (as when an instance stops
    // between the two): the game waits for the bot.
    for (let i = 0; i < 20 && !isBotToAct(rec); i++) {
      const g = rec.match.game;
      const press: Press = g.phase === 'roll' ? { type: 'roll' } : g.phase === 'double' ? { type: 'take' } : currentTurn(g).complete ? { type: 'done' } : { type: 'step', step: currentTurn(g).next[0]! };
      const r = await h.app.games.press(rec.id, rec.v, vera.id, press);
      expect(r.kind).toBe('applied');
      rec = (await h.app.games.get(rec.id))!;
    }
    expect(isBotToAct(rec)).toBe(true);
    const stale = board.buttons.flat().find((b) => b.callback_data?.startsWith('g|'))!.callback_data!;
    await h.press(vera, board, stale);
    const now = (await h.app.games.get(rec.id))!;
    expect(isBotToAct(now)).toBe(false);
    expect(now.v).toBeGreaterThan(rec.v);
    expect(h.board(vera.id).buttons.flat().some((b) => b.callback_data?.startsWith(`g|${rec.id}|${now.v}|`))).toBe(true);
  });

  it('a user who blocked the bot is logged once, at info, not as an error per message', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const log = createLogger('info');
    const sink = { write: (s: string) => void lines.push(JSON.parse(s) as { level: number; msg: string }) };
    const pino = (await import('pino')).default;
    const captured = pino({ level: 'info' }, sink);
    void log;
    const h = botHarness({ log: captured, fail: (method, p) => (Number(p.chat_id) === vera.id && method.startsWith('send') ? { code: 403, description: 'Forbidden: bot was blocked by the user' } : null) });
    for (let i = 0; i < 4; i++) await h.say(vera, '/help');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 30 && /cannot write/.test(l.msg))).toHaveLength(1);
  });
});

describe('auto-roll', () => {
  it('"unless I can double" asks only when a double is possible; "always" never asks', async () => {
    const h = botHarness();
    await h.app.players.change(vera.id, { key: 'autoRoll', value: 'always' });
    let rec = await botGame(h, vera, 'pb|short|easy|5');
    for (let i = 0; i < 8 && !rec.finished; i++) {
      expect(rec.match.game.phase === 'roll' && sideOfUser(rec, vera.id) === rec.match.game.position.turn).toBe(false);
      const board = h.board(vera.id);
      const b = board.buttons.flat().find((x) => /^g\|.*\|(P\d+|s\d{4}|d|t)(\||$)/.test(x.callback_data ?? ''));
      if (!b) break;
      await h.press(vera, board, b.callback_data!);
      rec = (await h.app.games.get(rec.id))!;
    }
  });
});

describe("the other side's plays in words", () => {
  it('are written from the mover\'s own side, as players write them, and the caption says once how they map onto the picture', async () => {
    const { caption } = await import('../../src/present/caption.js');
    const { oppPointOf } = await import('../../src/engine/numbering.js');
    for (const [variant, mine] of [
      ['short', 1],
      ['long', 12],
    ] as const) {
      const h = botHarness();
      let rec = await botGame(h, sam, `pb|${variant}|easy|1`);
      const me = sideOfUser(rec, sam.id)!;
      // Play on until the bot has played a roll that the caption tells.
      for (let i = 0; i < 200 && !rec.events.some((e) => e.type === 'played' && e.side !== me); i++) {
        const board = h.board(sam.id);
        const b = board.buttons.flat().find((x) => /^g\|.*\|(r|P\d+|s\d{4}|d)(\||$)/.test(x.callback_data ?? ''));
        if (!b) throw new Error(`nothing to press: ${h.labels(board).join(', ')}`);
        await h.press(sam, board, b.callback_data!);
        rec = (await h.app.games.get(rec.id))!;
      }
      const played = rec.events.find((e) => e.type === 'played' && e.side !== me) as { play: string; side: 'white' | 'black' } | undefined;
      expect(played).toBeDefined();
      for (const lang of ['en', 'ru'] as const) {
        const t = h.created.services.t(lang);
        const text = caption(rec, rec.seats[0]!, t, await h.app.players.settings(sam.id));
        // The bot's own notation (its 24 is the start of its path), never renumbered into the reader's,
        // written as players write it (each checker once, highest point first).
        expect(text).toContain(`: ${playersNotation(played!.play)}`);
        expect(oppPointOf(variant, 24)).toBe(mine);
        const note = lang === 'en' ? `The bot's plays are numbered from its own side: its point 24 is point ${mine} in the picture.` : `Ходы бота записаны с его стороны: его пункт 24 — это пункт ${mine} на картинке.`;
        expect(text.split(note).length - 1).toBe(1);
      }
    }
  });
});
