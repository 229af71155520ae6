/** Handlers through bot.handleUpdate with an API transformer standing in for Telegram. */
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/bot/index.js';
import { UNPACED } from '../../src/bot/outbox.js';
import { parseCallback, gameData } from '../../src/bot/codec.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createApp } from '../../src/app/index.js';
import { Players } from '../../src/app/players.js';
import { MemoryStore } from '../../src/store/index.js';

function harness() {
  const config = loadConfig({ BOT_TOKEN: '123:abcdefghijklmnopqrstuvwxyz' });
  const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 60 });
  const created = createBot(config, createApp(store, { defaultLanguage: 'ru' }), createLogger('silent'), { outbox: { pacer: UNPACED } });
  const { bot } = created;
  bot.botInfo = { id: 1, is_bot: true, first_name: 'Nardy', username: 'nardy_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false } as typeof bot.botInfo;
  const calls: Array<{ method: string; payload: Record<string, unknown> }> = [];
  let nextId = 500;
  bot.api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    const chat = { id: Number((payload as { chat_id?: number }).chat_id ?? 0), type: 'private' };
    const result = method.startsWith('send') ? { message_id: nextId++, date: 0, chat } : true;
    return { ok: true, result } as never;
  });
  let updateId = 1;
  const user = { id: 77, is_bot: false, first_name: 'Вера', language_code: 'ru' };
  const text = (t: string, chat = { id: 77, type: 'private' as const, first_name: 'Вера' }): Update => ({
    update_id: updateId++,
    message: { message_id: updateId, date: 0, chat, from: user, text: t, entities: t.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: t.split(' ')[0]!.length }] : [] },
  } as Update);
  const press = (data: string, chat: { id: number; type: 'private' | 'group' } = { id: 77, type: 'private' }): Update => ({
    update_id: updateId++,
    callback_query: { id: `q${updateId}`, from: user, chat_instance: 'x', data, message: { message_id: 9, date: 0, chat: chat as never, text: 'menu' } as never },
  } as Update);
  // Boards go out in the background: an update is done when its boards are.
  const handle = async (u: Update): Promise<void> => {
    await bot.handleUpdate(u);
    await created.settled();
  };
  return { bot: { handleUpdate: handle }, calls, text, press, store };
}

describe('handlers', () => {
  it('/start in private answers with the welcome and the menu in the user\'s language', async () => {
    const h = harness();
    await h.bot.handleUpdate(h.text('/start'));
    const send = h.calls.find((c) => c.method === 'sendMessage')!;
    expect(send.payload.text).toMatch(/Привет, Вера/);
    expect(JSON.stringify(send.payload.reply_markup)).toContain('m|bot');
  });

  it('a forged or broken button is answered with an error toast and changes nothing', async () => {
    const h = harness();
    for (const data of ['g|xx|1|r', 'pb|chess', 'st|lang|de', 'ru|long|99', 'nonsense', 'c|short|a']) {
      h.calls.length = 0;
      await h.bot.handleUpdate(h.press(data));
      const answers = h.calls.filter((c) => c.method === 'answerCallbackQuery');
      expect(answers).toHaveLength(1);
      expect(String(answers[0]!.payload.text)).toMatch(/испорчена|подделана/);
      expect(h.calls.filter((c) => c.method !== 'answerCallbackQuery')).toEqual([]);
    }
  });

  it('the play-the-bot menu starts a game and sends its board as a photo', async () => {
    const h = harness();
    await h.bot.handleUpdate(h.press('pb|short|easy|1'));
    expect(h.calls[0]!.method).toBe('answerCallbackQuery');
    expect(h.calls.some((c) => c.method === 'sendPhoto')).toBe(true);
    const photo = h.calls.find((c) => c.method === 'sendPhoto')!;
    expect(String(photo.payload.caption)).toMatch(/Короткие нарды/);
  });

  it('/play in a group posts a challenge; /rules sends a lesson with a picture', async () => {
    const h = harness();
    await h.bot.handleUpdate(h.text('/play short 3', { id: -5, type: 'group', title: 'G' } as never));
    const ch = h.calls.find((c) => c.method === 'sendMessage')!;
    expect(ch.payload.text).toMatch(/^Вера приглашает сыграть матч до 3 в короткие нарды\. Кто примет вызов\?/);
    expect((await h.store.challenges.inChat(-5))).toHaveLength(1);
    await h.bot.handleUpdate(h.text('/play chess', { id: -5, type: 'group', title: 'G' } as never));
    expect(h.calls.at(-1)!.payload.text).toMatch(/Не понял «chess»/);
    await h.bot.handleUpdate(h.text('/rules long'));
    const lesson = h.calls.find((c) => c.method === 'sendPhoto')!;
    expect(String(lesson.payload.caption)).toMatch(/Длинные нарды: расстановка \(1\/10\)/);
  });

  it('a group that becomes a supergroup: its games move and their boards are sent afresh there', async () => {
    const h = harness();
    const { Games } = await import('../../src/app/games.js');
    const games = new Games({ store: h.store });
    const rec = await games.start({ chatId: -5, kind: 'group', lang: 'ru', white: { kind: 'human', id: 77, name: 'Вера', lang: 'ru' }, black: { kind: 'human', id: 78, name: 'Лев', lang: 'ru' }, variant: 'long', length: 1 });
    await h.store.boards.set(rec.id, { chatId: -5, messageId: 10 });
    await h.bot.handleUpdate({ update_id: 999, message: { message_id: 11, date: 0, chat: { id: -5, type: 'group', title: 'G' }, from: { id: 77, is_bot: false, first_name: 'Вера' }, migrate_to_chat_id: -1005 } } as Update);
    expect(await h.store.games.inChat(-1005)).toEqual([rec.id]);
    expect((await games.get(rec.id))!.seats.map((x) => x.chatId)).toEqual([-1005]);
    const photo = h.calls.find((c) => c.method === 'sendPhoto')!;
    expect(photo.payload.chat_id).toBe(-1005);
  });

  it('settings switch the language at once', async () => {
    const h = harness();
    await h.bot.handleUpdate(h.press('st|lang|en'));
    expect(h.calls[0]!.payload.text).toBe('Saved.');
    expect(h.calls.find((c) => c.method === 'editMessageText')!.payload.text).toMatch(/^Settings\n/);
    expect((await new Players(h.store, 'ru').settings(77)).lang).toBe('en');
  });
});

describe('typed match lengths', () => {
  it('accepts 1..25 with or without "to"/"до" and nothing else', async () => {
    const { parseLength } = await import('../../src/bot/features/length-dialogue.js');
    expect(['7', ' 7 ', 'до 7', 'to 25', '1'].map(parseLength)).toEqual([7, 7, 7, 25, 1]);
    expect(['0', '26', 'seven', '7.5', '-3', '', '1e1'].map(parseLength)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('callback codec', () => {
  it('round-trips every game action within 64 bytes and rejects the rest', () => {
    const acts = [{ type: 'roll' }, { type: 'step', step: [25, 20] }, { type: 'step', step: [6, 0] }, { type: 'undo' }, { type: 'done' }, { type: 'double' }, { type: 'take' }, { type: 'drop' }, { type: 'resign', level: 3 }, { type: 'accept' }, { type: 'decline' }, { type: 'next' }, { type: 'rematch' }, { type: 'resign-menu' }, { type: 'back' }] as const;
    for (const act of acts) {
      const data = gameData('abcdefghij', 123456789, act as never);
      expect(data.length).toBeLessThanOrEqual(64);
      expect(parseCallback(data)).toEqual({ kind: 'game', id: 'abcdefghij', v: 123456789, act });
    }
    expect(parseCallback('pb|long|easy|other')).toEqual({ kind: 'play-bot', variant: 'long', level: 'easy', length: 'other' });
    for (const bad of ['g|abcdefghij|1|s0006', 'g|abcdefghij|1|s2600', 'g|ABCDEFGHIJ|1|r', 'g|abcdefghij|-1|r', 'x'.repeat(65), 'pb|long|grandmaster', 'pb|long|easy|26', 'pb|long|easy|others', undefined]) {
      expect(parseCallback(bad)).toBeNull();
    }
  });
});

describe('echoed text', () => {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  it('is cut by whole graphemes and loses its bidi controls, in every reply that quotes it', async () => {
    const h = harness();
    const { quote } = await import('../../src/present/text.js');
    expect(quote('a'.repeat(28) + '👨‍👩‍👧‍👦🎲🎲', 30)).toBe('a'.repeat(28) + '👨‍👩‍👧‍👦…');
    expect(quote('\u202eevil\u2066 name\u200f', 30)).toBe('evil name');
    const arg = '🎲'.repeat(20) + '\u202e';
    await h.bot.handleUpdate(h.text(`/play ${arg}`, { id: -5, type: 'group', title: 'G' } as never));
    await h.bot.handleUpdate(h.text(`/rules ${arg}`));
    const replies = h.calls.filter((c) => c.method === 'sendMessage').map((c) => String(c.payload.text));
    expect(replies).toHaveLength(2);
    for (const r of replies) {
      expect(r).toContain('🎲');
      expect(r).not.toMatch(lone);
      expect(r).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    }
  });
});

describe('private-chat commands typed in a group', () => {
  it('/settings and /export answer with a pointer to the private chat, in the reader\'s language', async () => {
    const { botHarness, GROUP } = await import('../helpers/bot-harness.js');
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say({ id: 501, first_name: 'Ann', language_code: 'en' }, '/settings', GROUP);
    expect(h.last(GROUP.id).text).toBe('/settings works in our private chat: open https://t.me/nardy_bot and send /settings there.');
    await h.say({ id: 502, first_name: 'Иван', language_code: 'ru' }, '/export@nardy_bot', GROUP);
    expect(h.last(GROUP.id).text).toBe('/export работает в личном чате с ботом: откройте https://t.me/nardy_bot и отправьте /export там.');
  });
});
