/**
 * A tournament in a group: its settings, players, rounds and results. One record per tournament,
 * kept with a version (compare-and-set, as a game's); every standing is computed from it.
 */
import type { Lang } from '../model.js';
import type { Variant } from '../../engine/types.js';

export type Format = 'swiss' | 'knockout' | 'roundrobin';
export const FORMATS: readonly Format[] = ['swiss', 'knockout', 'roundrobin'];

export interface TournamentSettings {
  readonly variant: Variant;
  readonly format: Format;
  /** The match length of round 1 (knockout with `grow`: +2 a round). */
  readonly length: number;
  /** Short nardy matches with the doubling cube. */
  readonly cube: boolean;
  readonly rated: boolean;
  /** Each player's time for a move, in seconds (as a game by link's move limit). */
  readonly moveSeconds: number;
  /** How long a round lasts, in seconds. */
  readonly roundSeconds: number;
  readonly maxPlayers: number;
  /** When it starts by itself (null: when the creator presses Start). */
  readonly startAt: number | null;
  /** Swiss: how many rounds (null: about log2(players) + 1, fixed at the start). */
  readonly rounds: number | null;
  /** Knockout: each round's match is two points longer than the last. */
  readonly grow: boolean;
}

export interface Entrant {
  readonly id: number;
  readonly name: string;
  readonly lang: Lang;
  /** The rating when the tournament started (seeds and the first Swiss round). */
  readonly rating: number;
  readonly joinedAt: number;
  /** Withdrawn or removed: no longer paired. */
  readonly out?: 'withdrew' | 'removed';
}

export type ResultHow = 'played' | 'bye' | 'adjudicated' | 'forfeit' | 'both-idle';

export interface PairingResult {
  /** The winner's id; null: both lose (both idle for the whole round). */
  readonly winner: number | null;
  /** Match points won by a and by b. */
  readonly a: number;
  readonly b: number;
  readonly how: ResultHow;
  /** Adjudicated on the position: the winner's match-winning chance by the hard bot (0..1). */
  readonly chance?: number;
}

export interface Pairing {
  readonly a: number;
  /** null: a bye for a. */
  readonly b: number | null;
  /** Knockout: the pairing's place in its round of the bracket (slot j is fed by 2j and 2j+1 of the round before). */
  readonly slot?: number;
  /** The match's game id (none for a bye). */
  readonly game?: string;
  readonly result?: PairingResult;
}

export interface Round {
  readonly no: number;
  readonly length: number;
  readonly startedAt: number;
  readonly deadline: number;
  readonly pairings: readonly Pairing[];
  /** The players were reminded of the deadline. */
  readonly reminded?: boolean;
}

export type TournamentStatus = 'open' | 'running' | 'paused' | 'finished' | 'cancelled';

export const TOURNAMENT_SCHEMA = 1;

export interface Tournament {
  readonly schema: typeof TOURNAMENT_SCHEMA;
  readonly id: string;
  readonly chatId: number;
  /** The group's language (announcements, pairings, standings). */
  readonly lang: Lang;
  readonly creator: { readonly id: number; readonly name: string };
  readonly settings: TournamentSettings;
  readonly status: TournamentStatus;
  readonly players: readonly Entrant[];
  readonly rounds: readonly Round[];
  /** Swiss and round robin: how many rounds are played (fixed at the start). */
  readonly totalRounds: number;
  /** The group's messages: the announcement, each round's pairings. */
  readonly messages: { readonly announce: number | null; readonly pairings: Readonly<Record<string, number>> };
  readonly createdAt: number;
  readonly updatedAt: number;
  /** While paused: how long the round had left (its deadline moves on by the pause). */
  readonly pausedLeft?: number;
}

export function isLive(t: Tournament): boolean {
  return t.status === 'open' || t.status === 'running' || t.status === 'paused';
}
