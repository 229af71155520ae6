/**
 * Fair play between people, as the use cases decide it from the stored records (no Telegram):
 * a rematch starts only when both press, an offer expires, a claim on time ends the whole match,
 * an inline invitation's inviter is the stored one, and every write goes through one path.
 */
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import type { InviteUser } from '../../src/app/invitations.js';
import { REMATCH_OFFER_GROUP_MS, seatOf } from '../../src/app/table/rights.js';
import { update, UPDATE_ATTEMPTS } from '../../src/app/table/update.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 6000 };
const ann: InviteUser = { id: 21, name: 'Ann', lang: 'en' };
const ben: InviteUser = { id: 22, name: 'Ben', lang: 'en' };
const eve: InviteUser = { id: 23, name: 'Eve', lang: 'en' };

function setup() {
  let t = 5_000_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const store = new MemoryStore(ttl, clock.now);
  const app = createApp(store, { defaultLanguage: 'en', now: clock.now, moveLimits: { group: 300, link: 3600, notice: 20 }, invitationSeconds: 600, player: (l) => inProcess(createPlayer(l, seededRandom(3))) });
  return { app, store, clock };
}

/** A finished single game between Ann and Ben in a group (Ben resigned, Ann accepted). */
async function finishedGroupGame(app: ReturnType<typeof setup>['app']): Promise<GameRecord> {
  const rec = await app.games.start({ kind: 'group', chatId: -50, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'long', length: 1 });
  const r = (await app.games.resign(rec.id, ben.id, 1)) as { game: GameRecord };
  const done = (await app.games.press(rec.id, r.game.v, ann.id, { type: 'accept' })) as { game: GameRecord };
  expect(done.game.finished).toBe(true);
  return done.game;
}

describe('a rematch between people needs both', () => {
  it('one press is an offer: no new match, however often pressed; the other press starts it', async () => {
    const { app, store } = setup();
    const done = await finishedGroupGame(app);
    const offer = await app.games.rematch(done.id, done.v, ann.id);
    expect(offer.kind).toBe('offered');
    const offered = (offer as { game: GameRecord }).game;
    expect(offered.rematch).toMatchObject({ by: seatOf(done, ann.id) });
    expect(offered.events.at(-1)).toMatchObject({ type: 'rematch-offered', side: seatOf(done, ann.id) });
    expect((await app.games.rematch(done.id, offered.v, ann.id)).kind).toBe('offered-already');
    expect((await app.games.rematch(done.id, offered.v, eve.id)).kind).toBe('not-player');
    // Nothing was started: Ben has no game, so no clock can run against him.
    expect(await app.games.inChat(-50)).toEqual([]);
    const started = await app.games.rematch(done.id, offered.v, ben.id);
    expect(started.kind).toBe('started');
    const next = (started as { game: GameRecord }).game;
    expect(seatOf(next, ann.id)).not.toBe(seatOf(done, ann.id));
    expect(next.finished).toBe(false);
    // Started once: a later press on the old board is out of date.
    expect((await app.games.rematch(done.id, offered.v + 1, ann.id)).kind).toBe('stale');
  });

  it('an offer expires: the other player pressing after it is a new offer of theirs, not a start', async () => {
    const { app, clock } = setup();
    const done = await finishedGroupGame(app);
    const o = (await app.games.rematch(done.id, done.v, ann.id)) as { game: GameRecord };
    clock.advance(REMATCH_OFFER_GROUP_MS + 1);
    const late = await app.games.rematch(done.id, o.game.v, ben.id);
    expect(late.kind).toBe('offered');
    expect((late as { game: GameRecord }).game.rematch?.by).toBe(seatOf(done, ben.id));
    expect(await app.games.inChat(-50)).toEqual([]);
  });

  it('a one-sided rematch is never played or claimed on the clock', async () => {
    const { app, clock } = setup();
    const done = await finishedGroupGame(app);
    await app.games.rematch(done.id, done.v, ann.id);
    clock.advance(3_600_000);
    expect(await app.tick()).toEqual([]);
    const stats = await app.stats.of(ben.id);
    expect(stats.long.matches).toBe(1);
  });

  it('against the bot a rematch starts at once', async () => {
    const { app } = setup();
    const rec = await app.games.start({ kind: 'bot', chatId: ann.id, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
    const f = ((await app.games.forfeit(rec.id, ann.id)) as { game: GameRecord }).game;
    expect((await app.games.rematch(f.id, f.v, ann.id)).kind).toBe('started');
  });
});

describe('a claim on time ends the whole match', () => {
  it('in a match to 7 by link, one claim wins the match; the idle side is rated once with a loss', async () => {
    const { app, clock } = setup();
    const inv = await app.invitations.create(ann, 'short', 7, true);
    const rec = ((await app.invitations.accept(inv.id, ben, 'p')) as { game: GameRecord }).game;
    clock.advance(3_600_000 + 1_000);
    const events = await app.tick();
    const claimable = events.find((e) => e.kind === 'claimable') as { side: 'white' | 'black'; key: string } | undefined;
    expect(claimable).toBeDefined();
    const idle = (rec.players[claimable!.side] as { id: number }).id;
    const waiting = idle === ann.id ? ben.id : ann.id;
    const r = await app.games.claim(rec.id, waiting, claimable!.key);
    expect(r.kind).toBe('applied');
    const after = (r as { game: GameRecord }).game;
    expect(after.finished).toBe(true);
    expect(after.match.winner).toBe(seatOf(after, waiting));
    expect(after.rating).toBeDefined();
    expect((await app.stats.of(idle)).short).toMatchObject({ matches: 1, wins: 0 });
    expect((await app.stats.of(waiting)).short).toMatchObject({ matches: 1, wins: 1 });
    // A second claim, or one by someone else, changes nothing.
    expect((await app.games.claim(rec.id, waiting, claimable!.key)).kind).toBe('stale');
    expect((await app.games.claim(rec.id, eve.id, claimable!.key)).kind).toBe('not-player');
    expect((await app.stats.of(idle)).short.matches).toBe(1);
  });
});

describe('an inline invitation names its inviter only through the stored offer', () => {
  it('a forged offer id is refused; the inviter is the one who made the offer, whoever presses', async () => {
    const { app } = setup();
    const commit = await app.players.nextCommit(ann.id);
    const offer = await app.invitations.offerInline(ann, 'short', 25, true, commit);
    expect(await app.invitations.offerInline(ann, 'short', 25, true, commit)).toBe(offer);
    // An id nobody was given, and a made-up one, start nothing.
    expect(await app.invitations.fromInline('IM-9', 'zzzzzzzzzz', eve.id)).toBe('gone');
    expect(await app.invitations.fromInline('IM-9', '../../etc!', eve.id)).toBe('gone');
    expect(await app.invitations.fromInline('IM-1', offer, ann.id)).toBe('own');
    const inv = await app.invitations.fromInline('IM-1', offer, eve.id);
    expect(inv).toMatchObject({ from: { id: ann.id, name: 'Ann' }, variant: 'short', length: 25, cube: true });
    expect((inv as { dice: { commit: string } }).dice.commit).toBe(commit);
    // Ben's press on the same message: the same invitation, still Ann's.
    expect(await app.invitations.fromInline('IM-1', offer, ben.id)).toMatchObject({ from: { id: ann.id } });
  });
});

describe('one write path', () => {
  it('a lost compare-and-set decides again on the newer record; a record that keeps changing is reported', async () => {
    const { app } = setup();
    const rec = await app.games.start({ kind: 'group', chatId: -51, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'long', length: 1 });
    let calls = 0;
    const racing = {
      get: (id: string) => app.games.get(id),
      save: async (next: GameRecord, before: GameRecord) => {
        // Someone else writes first, twice.
        if (calls++ < 2) return { result: 'conflict' as const, rec: before };
        return { result: 'saved' as const, rec: next };
      },
    };
    const seen: number[] = [];
    const r = await update(racing, rec.id, (cur) => {
      seen.push(cur.v);
      return { write: cur, out: (saved) => saved.v };
    });
    expect(r).toEqual({ kind: 'done', out: rec.v + 1 });
    expect(seen).toHaveLength(3);
    const always = { get: racing.get, save: async (_n: GameRecord, before: GameRecord) => ({ result: 'conflict' as const, rec: before }) };
    let tries = 0;
    const lost = await update(always, rec.id, (cur) => {
      tries++;
      return { write: cur, out: () => 'never' };
    });
    expect(lost.kind).toBe('contended');
    expect(tries).toBe(UPDATE_ATTEMPTS);
    expect(await update(always, 'nosuchgame', () => ({ keep: 1 }))).toEqual({ kind: 'gone' });
  });
});

describe('the inbox: updates at least once', () => {
  it("a dead instance's unfinished updates are handled once by a live one; a live one's and fresh ones are left alone", async () => {
    let t = 1_000_000;
    const store = new MemoryStore(ttl, () => t);
    const app = createApp(store, { defaultLanguage: 'en', now: () => t });
    const other = createApp(store, { defaultLanguage: 'en', now: () => t });
    await store.updates.beat('dead', 1);
    await store.updates.record('dead', [{ update_id: 1 }, { update_id: 2 }]);
    await other.inbox.beat();
    await other.inbox.record([{ update_id: 3 }]);
    const handled: number[] = [];
    const handle = async (u: { update_id: number }): Promise<void> => void handled.push(u.update_id);
    // Too fresh, and "dead" still beating: nothing yet.
    expect(await app.inbox.sweep(handle)).toBe(0);
    t += 10_000;
    await other.inbox.beat();
    expect(await app.inbox.sweep(handle)).toBe(2);
    expect(handled.sort()).toEqual([1, 2]);
    // Taken once: a second sweep (or a second instance) finds them gone; 3 stays with its live owner.
    expect(await other.inbox.sweep(handle)).toBe(0);
    expect((await store.updates.unfinished()).map((e) => e.update.update_id)).toEqual([3]);
    await other.inbox.finish(3);
    expect(await store.updates.unfinished()).toEqual([]);
  });

  it("a duplicate delivery leaves the first taker's entry (a sweep hands it on once that one is dead); its own entry it takes out", async () => {
    let t = 1_000_000;
    const store = new MemoryStore(ttl, () => t);
    const app = createApp(store, { defaultLanguage: 'en', now: () => t });
    // "dead" took update 7 and died before finishing it; Telegram delivers it again to this instance.
    await store.updates.beat('dead', 1);
    await store.updates.record('dead', [{ update_id: 7 }]);
    await app.inbox.record([{ update_id: 7 }]);
    await app.inbox.finishDuplicate(7);
    expect((await store.updates.unfinished()).map((e) => [e.owner, e.update.update_id])).toEqual([['dead', 7]]);
    t += 10_000;
    const handled: number[] = [];
    expect(await app.inbox.sweep(async (u) => void handled.push(u.update_id))).toBe(1);
    expect(handled).toEqual([7]);
    // A duplicate whose entry is this instance's own (its first taker finished and left): out.
    await app.inbox.record([{ update_id: 8 }]);
    await app.inbox.finishDuplicate(8);
    expect(await store.updates.unfinished()).toEqual([]);
  });
});
