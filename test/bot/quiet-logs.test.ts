/**
 * Error-level lines are for the operator's attention: forged menu payloads pressed on a picture
 * (a board) and clients dropping their requests write none, and change nothing.
 */
import { request } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startHttp } from '../../src/web/server.js';
import { botHarness, GROUP } from '../helpers/bot-harness.js';
import { freePort } from '../setup/redis.js';

function sink() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

describe('quiet logs', () => {
  it('forged menu payloads pressed on a board picture log no error and leave the board as it is', async () => {
    const { log, lines } = sink();
    const h = botHarness({ log, defaultLanguage: 'en' });
    const ann = { id: 301, first_name: 'Ann', language_code: 'en' };
    await h.say(ann, '/play');
    await h.press(ann, h.last(ann.id), 'pb|long|easy|1');
    const board = h.board(ann.id);
    const before = [...board.history];
    for (const data of ['pb|long', 'pb|short|hard', 'fr|long', 'fr|short|3', 'st|lang', 'm|friend', 'pb|long|easy|1']) await h.press(ann, board, data);
    // In a group, on someone's board picture: nothing is posted.
    const ben = { id: 302, first_name: 'Ben', language_code: 'en' };
    const cal = { id: 303, first_name: 'Cal', language_code: 'en' };
    await h.say(ben, '/play', GROUP);
    await h.pressLabel(cal, h.last(GROUP.id), /accept/i);
    const gboard = h.board(GROUP.id);
    const count = h.in(GROUP.id).length;
    for (const data of ['pb|long', 'fr|long', 'st|lang']) await h.press(cal, gboard, data);
    expect(h.in(GROUP.id).length).toBe(count);
    expect(board.history).toEqual(before);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a client that drops its request half way is not an error', async () => {
    const { log, lines } = sink();
    const port = await freePort();
    const server = await startHttp({ port, log, health: async () => ({ redis: true, telegram: true }), metrics: async () => '', webhook: { path: '/hook', secret: null, onUpdate: async () => undefined } });
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/hook', headers: { 'content-length': '5000', 'content-type': 'application/json' } });
        req.on('error', () => resolve());
        req.write('{"update_id": 1, "message": {"text": "');
        setTimeout(() => (req.destroy(), resolve()), 20);
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    await new Promise<void>((r) => server.close(() => r()));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === 'HTTP client went away')).toBe(true);
  });
});
