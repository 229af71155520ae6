/** The process's Prometheus metrics: the reviews' line and their analysis times. */
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/bot/metrics.js';

describe('metrics of the reviews', () => {
  it("report the line as it is when scraped, and each analysis' time by outcome", async () => {
    const m = new Metrics();
    expect(await m.text()).toMatch(/^nardy_reviews_waiting 0$/m);
    const line = { waiting: 2, analysing: 1 };
    m.watchReviews(line);
    expect(await m.text()).toMatch(/^nardy_reviews_waiting 2$/m);
    expect(await m.text()).toMatch(/^nardy_reviews_analysing 1$/m);
    line.waiting = 0;
    expect(await m.text()).toMatch(/^nardy_reviews_waiting 0$/m);
    m.reviewed(1.5, true);
    m.reviewed(0.2, false);
    const text = await m.text();
    expect(text).toMatch(/^nardy_review_seconds_count\{outcome="ok"\} 1$/m);
    expect(text).toMatch(/^nardy_review_seconds_bucket\{le="1",outcome="ok"\} 0$/m);
    expect(text).toMatch(/^nardy_review_seconds_bucket\{le="2",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^nardy_review_seconds_count\{outcome="failed"\} 1$/m);
  });
});
