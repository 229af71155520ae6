/**
 * Invitations to play by link: made in a private chat (or from an inline message), opened by a
 * friend through t.me/<bot>?start=i_<id>, accepted or declined. Accepting takes the invitation
 * and creates its game (kind 'link', the invitation's id, a board in each person's private chat)
 * in one atomic step; invitations expire and can be cancelled.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chainCommit } from '../engine/dice.js';
import type { Variant } from '../engine/types.js';
import type { Store } from '../store/types.js';
import { newId, sideOfUser, type Games } from './games.js';
import { isLang, type GameRecord, type Human, type Invitation, type Lang } from './model.js';
import type { Players } from './players.js';
import { decodeInvitation, encodeInvitation, RecordError } from './records.js';

export interface InviteUser {
  readonly id: number;
  readonly name: string;
  readonly lang: Lang;
}

export type InvitationView =
  | { readonly kind: 'open'; readonly invitation: Invitation }
  | { readonly kind: 'own'; readonly invitation: Invitation }
  /** Accepted already: the game exists (`mine`: the asker plays in it). */
  | { readonly kind: 'used'; readonly game: GameRecord; readonly mine: boolean }
  /** Expired, cancelled, declined or never made. */
  | { readonly kind: 'gone' };

export type InviteAccept =
  | { readonly kind: 'started'; readonly invitation: Invitation; readonly game: GameRecord }
  | Exclude<InvitationView, { kind: 'open' }>;

/** The id of the invitation made from an inline message (the same for every press on it). */
export function inlineInvitationId(inlineMessageId: string): string {
  const h = createHash('sha256').update(`inline:${inlineMessageId}`).digest();
  return BigInt('0x' + h.subarray(0, 8).toString('hex')).toString(36).padStart(10, '0').slice(-10);
}

/** What an inline result offers, kept by the bot (the button names only its id). */
export interface InlineOffer {
  readonly from: InviteUser;
  readonly variant: Variant;
  readonly length: number;
  readonly cube: boolean;
  /** The dice commitment shown in the message. */
  readonly commit: string;
}

function decodeInlineOffer(raw: unknown): InlineOffer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const f = o.from as Record<string, unknown> | undefined;
  if (!f || typeof f.id !== 'number' || typeof f.name !== 'string' || !isLang(f.lang)) return null;
  if ((o.variant !== 'long' && o.variant !== 'short') || !Number.isInteger(o.length) || (o.length as number) < 1 || (o.length as number) > 25 || typeof o.cube !== 'boolean' || typeof o.commit !== 'string') return null;
  return { from: { id: f.id, name: f.name, lang: f.lang }, variant: o.variant, length: o.length as number, cube: o.cube, commit: o.commit };
}

export class Invitations {
  constructor(
    private readonly store: Store,
    private readonly games: Games,
    private readonly players: Players,
    /** How long an invitation stays open, in seconds. */
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: string): Promise<Invitation | null> {
    if (!/^[0-9a-z]{10}$/.test(id)) return null;
    const raw = await this.store.invitations.get(id);
    if (raw === null) return null;
    try {
      const inv = decodeInvitation(JSON.parse(raw));
      return inv.expiresAt > this.now() ? inv : null;
    } catch (e) {
      if (e instanceof RecordError || e instanceof SyntaxError) return null;
      throw e;
    }
  }

  /** Invite anyone with the link: the match's dice are the inviter's committed chain. */
  async create(from: InviteUser, variant: Variant, length: number, cube: boolean, opts: { id?: string; inlineMessageId?: string; dice?: { master: string; commit: string } } = {}): Promise<Invitation> {
    const dice = opts.dice ?? (await this.players.takeChain(from.id));
    const now = this.now();
    const inv: Invitation = { id: opts.id ?? newId(), from, variant, length, cube: length > 1 && cube, createdAt: now, expiresAt: now + this.ttlSeconds * 1000, dice, ...(opts.inlineMessageId ? { inlineMessageId: opts.inlineMessageId } : {}) };
    await this.store.invitations.put(inv.id, encodeInvitation(inv), this.ttlSeconds);
    return inv;
  }

  /**
   * The offer behind an inline result (what @bot shows its sender): stored with the sender as
   * Telegram gave them, so that the button carries only the offer's id and the inviter is never
   * taken from a button. The same query by the same person (with the same commitment) reuses it.
   */
  async offerInline(from: InviteUser, variant: Variant, length: number, cube: boolean, commit: string): Promise<string> {
    const mine = `inline-offer-of:${from.id}:${variant}:${length}:${cube ? 1 : 0}:${commit}`;
    const known = await this.store.dialogues.get(mine);
    const offer: InlineOffer = { from, variant, length, cube: length > 1 && cube, commit };
    if (typeof known === 'string' && /^[0-9a-z]{10}$/.test(known)) {
      await this.store.dialogues.set(`inline-offer:${known}`, offer, this.ttlSeconds);
      return known;
    }
    const id = newId();
    await this.store.dialogues.set(`inline-offer:${id}`, offer, this.ttlSeconds);
    await this.store.dialogues.set(mine, id, this.ttlSeconds);
    return id;
  }

  /** A stored inline offer (null: never made, expired, or not what it should be). */
  async inlineOffer(offerId: string): Promise<InlineOffer | null> {
    if (!/^[0-9a-z]{10}$/.test(offerId)) return null;
    return decodeInlineOffer(await this.store.dialogues.get(`inline-offer:${offerId}`));
  }

  /**
   * The invitation of an inline message, made on its first press from the stored offer. Its dice
   * are the inviter's chain if the commitment shown in the message is still the one committed;
   * else a fresh chain. 'own': the inviter pressed their own Accept; 'gone': no such offer.
   */
  async fromInline(inlineMessageId: string, offerId: string, userId: number): Promise<Invitation | 'used' | 'own' | 'gone'> {
    const id = inlineInvitationId(inlineMessageId);
    const existing = await this.get(id);
    if (existing) return existing.from.id === userId ? 'own' : existing;
    if (await this.games.get(id)) return 'used';
    const offer = await this.inlineOffer(offerId);
    if (!offer) return 'gone';
    if (offer.from.id === userId) return 'own';
    const { from, variant, length, cube } = offer;
    const next = await this.players.nextCommit(from.id);
    let dice: { master: string; commit: string } | undefined;
    if (next === offer.commit) dice = await this.players.takeChain(from.id);
    else {
      const master = randomBytes(32).toString('hex');
      dice = { master, commit: chainCommit(master) };
    }
    return this.create(from, variant, length, cube, { id, inlineMessageId, dice });
  }

  /** What someone opening the link sees. */
  async view(id: string, userId: number): Promise<InvitationView> {
    const inv = await this.get(id);
    if (inv) return inv.from.id === userId ? { kind: 'own', invitation: inv } : { kind: 'open', invitation: inv };
    const game = /^[0-9a-z]{10}$/.test(id) ? await this.games.get(id) : null;
    if (game && game.kind === 'link') return { kind: 'used', game, mine: sideOfUser(game, userId) !== null };
    return { kind: 'gone' };
  }

  /** Accept: the first acceptor starts the game; colours are drawn. */
  async accept(id: string, user: InviteUser, pressId: string): Promise<InviteAccept> {
    const v = await this.view(id, user.id);
    if (v.kind !== 'open') return v;
    const inv = v.invitation;
    const white: Human = { kind: 'human', id: inv.from.id, name: inv.from.name, lang: inv.from.lang };
    const black: Human = { kind: 'human', id: user.id, name: user.name, lang: user.lang };
    const dice = { ...inv.dice, client: await this.players.clientSeed(user.id, pressId), base: 1 };
    const rec = await this.games.build({ id: inv.id, kind: 'link', chatId: inv.from.id, lang: inv.from.lang, white, black, variant: inv.variant, length: inv.length, cube: inv.cube, colours: 'random', dice });
    await this.store.boards.markPending(rec.id);
    if (!(await this.store.invitations.claim(inv.id, this.games.stored(rec)))) {
      const again = await this.view(id, user.id);
      return again.kind === 'open' ? { kind: 'gone' } : again;
    }
    await this.games.started(rec);
    return { kind: 'started', invitation: inv, game: rec };
  }

  /** Decline (the friend) or cancel (the inviter): the invitation is gone for everyone. */
  async end(id: string, userId: number, as: 'decline' | 'cancel'): Promise<{ kind: 'done'; invitation: Invitation } | { kind: 'gone' } | { kind: 'not-allowed' }> {
    const inv = await this.get(id);
    if (!inv) return { kind: 'gone' };
    if ((as === 'cancel') !== (inv.from.id === userId)) return { kind: 'not-allowed' };
    return (await this.store.invitations.take(id)) ? { kind: 'done', invitation: inv } : { kind: 'gone' };
  }
}
