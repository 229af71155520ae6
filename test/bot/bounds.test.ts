/** Inputs are bounded before any work: a huge message or inline query costs what a real one does. */
import { describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { boundUpdate, MAX_QUERY, MAX_TEXT } from '../../src/bot/bounds.js';
import { quote } from '../../src/present/text.js';
import { botHarness, type User } from '../helpers/bot-harness.js';

const ann: User = { id: 301, first_name: 'Ann', language_code: 'en' };

describe('bounded input', () => {
  it("texts are cut to Telegram's limits in place; short ones are left alone", () => {
    const big = 'x'.repeat(100_000);
    const u = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, from: { id: 1, is_bot: false, first_name: big }, text: big, caption: big } } as unknown as Update;
    boundUpdate(u);
    expect(u.message!.text!.length).toBe(MAX_TEXT);
    expect(u.message!.caption!.length).toBe(1024);
    expect(u.message!.from!.first_name.length).toBe(64);
    const q = { update_id: 2, inline_query: { id: 'q', from: { id: 1, is_bot: false, first_name: 'A' }, query: big, offset: '' } } as unknown as Update;
    boundUpdate(q);
    expect(q.inline_query!.query.length).toBe(MAX_QUERY);
    const small = { update_id: 3, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: '/play' } } as unknown as Update;
    boundUpdate(small);
    expect(small.message!.text).toBe('/play');
  });

  it('quote looks at no more than it can show', () => {
    expect(quote('🎲'.repeat(1_000_000), 5)).toBe('🎲🎲🎲🎲…');
    expect(quote('a b  c', 30)).toBe('a b c');
  });

  it('a 100,000-character inline query and message are answered like any other', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    const before = process.memoryUsage().heapUsed;
    const results = await h.inline(ann, 'short '.repeat(20_000));
    expect(results.length).toBeGreaterThan(0);
    await h.say(ann, '/fair seed ' + 'z'.repeat(100_000));
    expect(h.last(ann.id).text).toMatch(/seed/i);
    await h.say(ann, 'q'.repeat(100_000));
    expect(h.last(ann.id).text.length).toBeLessThan(4096);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
  });
});
