/**
 * "Once only" rules of the use cases, kept across instances: a review is posted once in a chat
 * for a person (for six hours; a repeated press is told so), and a hint once per board version
 * for a person (for an hour). Taken before the work; given back when the work failed, so that it
 * may be asked again.
 */
import type { Dialogues } from './dialogues.js';

export interface OnceMark {
  /** True for the one caller (across instances) that may do the work now. */
  take(): Promise<boolean>;
  /** The work failed or its result is gone: it may be asked for again. */
  giveBack(): Promise<void>;
}

const REVIEW_POSTED_SECONDS = 6 * 3600;
const HINT_SHOWN_SECONDS = 3600;

export class Once {
  constructor(private readonly marks: Dialogues) {}

  private mark(key: string, ttl: number): OnceMark {
    return {
      take: () => this.marks.setIfAbsent(key, 1, ttl),
      giveBack: () => this.marks.delete(key),
    };
  }

  /** A game's review posted in a chat for a person. */
  reviewPosted(gameId: string, chatId: number, userId: number): OnceMark {
    return this.mark(`review-posted:${gameId}:${chatId}:${userId}`, REVIEW_POSTED_SECONDS);
  }

  /** A hint shown to a person on a board of version v. */
  hintShown(gameId: string, v: number, userId: number): OnceMark {
    return this.mark(`hint-shown:${gameId}:${v}:${userId}`, HINT_SHOWN_SECONDS);
  }
}
