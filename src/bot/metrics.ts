/** Prometheus metrics of one bot process (GET /metrics). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  readonly updates = new Counter({ name: 'nardy_updates_total', help: 'Updates handled, by kind', labelNames: ['kind'] as const, registers: [this.registry] });
  readonly duplicates = new Counter({ name: 'nardy_updates_duplicate_total', help: 'Updates skipped because they were delivered before', registers: [this.registry] });
  readonly refused = new Counter({ name: 'nardy_updates_refused_total', help: 'Updates refused because their chat had too many in hand (a flood)', registers: [this.registry] });
  readonly answer = new Histogram({ name: 'nardy_callback_answer_seconds', help: 'From receiving a button press to answering it', buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5], registers: [this.registry] });
  readonly board = new Histogram({ name: 'nardy_board_seconds', help: 'From a change of a game to its board in the chat (pacing included)', buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32], registers: [this.registry] });
  readonly render = new Histogram({ name: 'nardy_render_seconds', help: 'Drawing one board picture', buckets: [0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.5], registers: [this.registry] });
  readonly calls = new Counter({ name: 'nardy_telegram_calls_total', help: 'Calls to the Bot API, by method and outcome', labelNames: ['method', 'outcome'] as const, registers: [this.registry] });
  readonly storageErrors = new Counter({ name: 'nardy_storage_errors_total', help: 'Updates that failed on the storage, by cause (down: unreachable; full: out of memory)', labelNames: ['cause'] as const, registers: [this.registry] });
  readonly flood = new Counter({ name: 'nardy_telegram_429_total', help: 'Answers 429 (too many requests) from Telegram', registers: [this.registry] });
  readonly activeGames = new Gauge({ name: 'nardy_active_games', help: 'Games with a board shown by this process in the last 30 minutes', registers: [this.registry] });
  readonly reviewSeconds = new Histogram({ name: 'nardy_review_seconds', help: 'Analysing one game for a review (its wait in line not included), by outcome', labelNames: ['outcome'] as const, buckets: [0.5, 1, 2, 4, 8, 16, 32, 64], registers: [this.registry] });
  /** The reviews' line, read when scraped (watchReviews). */
  private reviews: { readonly waiting: number; readonly analysing: number } | null = null;
  readonly reviewsWaiting: Gauge = new Gauge({
    name: 'nardy_reviews_waiting',
    help: 'Reviews waiting in line on this process',
    registers: [this.registry],
    collect: (): void => this.reviewsWaiting.set(this.reviews?.waiting ?? 0),
  });
  readonly reviewsAnalysing: Gauge = new Gauge({
    name: 'nardy_reviews_analysing',
    help: 'Reviews being analysed on this process now',
    registers: [this.registry],
    collect: (): void => this.reviewsAnalysing.set(this.reviews?.analysing ?? 0),
  });
  private readonly recentGames = new Map<string, number>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'nardy_' });
  }

  call(method: string, outcome: string): void {
    this.calls.inc({ method, outcome });
    if (outcome === 'flood') this.flood.inc();
  }

  /** Report this line of reviews (its waiting and analysing counts) on every scrape. */
  watchReviews(reviews: { readonly waiting: number; readonly analysing: number }): void {
    this.reviews = reviews;
  }

  /** A review's analysis ended after `seconds`. */
  reviewed(seconds: number, ok: boolean): void {
    this.reviewSeconds.observe({ outcome: ok ? 'ok' : 'failed' }, seconds);
  }

  /** A game's board was shown now. */
  gameSeen(id: string): void {
    this.recentGames.delete(id);
    this.recentGames.set(id, Date.now());
    const cutoff = Date.now() - 30 * 60_000;
    for (const [g, t] of this.recentGames) {
      if (t >= cutoff && this.recentGames.size < 100_000) break;
      this.recentGames.delete(g);
    }
    this.activeGames.set(this.recentGames.size);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
