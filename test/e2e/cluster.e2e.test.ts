/**
 * Several instances: two bot processes in webhook mode behind a round-robin load balancer, over a
 * real local Redis Cluster (three masters), the fake Bot API delivering updates as Telegram does.
 * Games are played through both; boards never go back to an older version.
 */
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSupported, startCluster, type LocalCluster } from '../setup/cluster.js';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { board, buttons, choose, pressAndWait, startBalancer, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const supported = clusterSupported();
let cluster: LocalCluster;
let fake: FakeTelegram;
let balancer: Server;
const bots: BotProcess[] = [];
let served: number[] = [];

describe.skipIf(!supported)('two instances over a Redis Cluster', () => {
  beforeAll(async () => {
    cluster = await startCluster();
    fake = new FakeTelegram().scaleLimits(Number(PACE));
    await fake.start();
    const ports = [await freePort(), await freePort()];
    const lb = await startBalancer(ports);
    balancer = lb.server;
    served = lb.served;
    const prefix = `e2e-cluster:${randomUUID().slice(0, 8)}:`;
    for (const port of ports) {
      bots.push(
        await startBot(fake, {
          prefix,
          env: { REDIS_CLUSTER_NODES: cluster.nodes.join(','), WEBHOOK_URL: `http://127.0.0.1:${lb.port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: 'cluster_secret', PACE_SCALE: PACE },
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    if (fake.tooManyLog.length) console.log(JSON.stringify(fake.tooManyLog), fake.calls.filter((c) => fake.tooManyLog.some((t) => Math.abs(t.at - c.at) < 400 && Number(c.params.chat_id) === t.chat)).map((c) => [c.method, c.at]));
    // The processes stop first: a failed expectation must not leave them running.
    const tooMany = [...(fake?.tooManyLog ?? [])];
    for (const b of bots) await b.stop();
    balancer?.close();
    await fake?.stop();
    cluster?.stop();
    expect(tooMany).toEqual([]);
  });

  /** The version each edit of a board message showed, in order (from its buttons' data). */
  function versionsOf(msg: FakeMessage): number[] {
    return fake.calls
      .filter((c) => (c.method === 'editMessageMedia' || c.method === 'sendPhoto') && Number(c.params.chat_id) === msg.chat.id)
      .map((c) => ((c.params.reply_markup as { inline_keyboard?: Array<Array<{ callback_data?: string }>> })?.inline_keyboard ?? []).flat().map((b) => b.callback_data ?? '').find((d) => d.startsWith('g|')))
      .filter((d): d is string => !!d && d.split('|')[1] === buttons(msg).find((b) => b.data.startsWith('g|'))?.data.split('|')[1])
      .map((d) => Number(d.split('|')[2]));
  }

  it('a game against the bot is played to the end, updates going to both instances alternately', async () => {
    const user: FakeUser = { id: 6001, first_name: 'Una', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Una' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => buttons(m).some((b) => b.data === 'pb|short')), 15_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|short'));
    await fake.answerOf(fake.press(menu, user, 'pb|short|easy'));
    await fake.answerOf(fake.press(menu, user, 'pb|short|easy|1'));
    let cur = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the board');
    const first = cur;
    for (let i = 0; i < 600; i++) {
      const data = choose(cur);
      if (!data) break;
      const r = await pressAndWait(fake, chat, user, cur, data);
      expect(r.answer ?? '').not.toMatch(/out of date|not your/);
      cur = r.board!;
    }
    expect(cur.caption).toMatch(/wins/);
    expect(served[0]).toBeGreaterThan(5);
    expect(served[1]).toBeGreaterThan(5);
    const v = versionsOf(first);
    expect(v.length).toBeGreaterThan(5);
    expect(v).toEqual([...v].sort((a, b) => a - b));
  }, 180_000);

  it('a group game: presses of both players from both instances, the board never behind', async () => {
    const group: FakeChat = { id: -100600, type: 'group', title: 'Club' };
    const ann: FakeUser = { id: 6101, first_name: 'Ann', username: 'ann6', language_code: 'en' };
    const ben: FakeUser = { id: 6102, first_name: 'Ben', username: 'ben6', language_code: 'en' };
    fake.sendText(group, ann, '/play long @ben6');
    const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('challenges')), 15_000, 'the challenge');
    const accept = buttons(ch).find((b) => b.data.endsWith('|a'))!.data;
    // Accepted twice at once, through both instances: one game.
    const answers = await Promise.all([fake.answerOf(fake.press(ch, ben, accept)), fake.answerOf(fake.press(ch, ben, accept))]);
    expect(answers.map((a) => a.text).sort()).toEqual(['Accepted!', 'This challenge is no longer open.']);
    let cur = await fake.waitFor(() => board(fake, group.id), 15_000, 'the board');
    const first = cur;
    const users = { Ann: ann, Ben: ben } as Record<string, FakeUser>;
    for (let i = 0; i < 40; i++) {
      const data = choose(cur);
      if (!data) break;
      // Whose turn: the caption's last line names the player to act.
      const who = /(Ann|Ben)[^\n]*$/.exec(cur.caption ?? '')?.[1] ?? 'Ann';
      const r = await pressAndWait(fake, group, users[who]!, cur, data);
      cur = r.board!;
    }
    await new Promise((r) => setTimeout(r, 1500));
    const v = versionsOf(first);
    expect(v.length).toBeGreaterThan(10);
    expect(v).toEqual([...v].sort((a, b) => a - b));
    expect(fake.chatMessages(group.id).filter((m) => m.photo)).toHaveLength(1);
  }, 180_000);
});
