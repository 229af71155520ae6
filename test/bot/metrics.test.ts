/** The process's Prometheus metrics: the reviews' line and their analysis times, the answers' times. */
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/bot/metrics.js';
import { botHarness } from '../helpers/bot-harness.js';

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

describe('metrics of the answers', () => {
  it("each press's answer time goes to its own bot's metrics, whatever other bots the process holds", async () => {
    const count = async (m: Metrics): Promise<number> => Number(/^nardy_callback_answer_seconds_count (\d+)$/m.exec(await m.text())?.[1]);
    const [m1, m2] = [new Metrics(), new Metrics()];
    const first = botHarness({ defaultLanguage: 'en', metrics: m1 });
    // A second bot made after the first, with metrics of its own, and a third with none.
    const second = botHarness({ defaultLanguage: 'en', metrics: m2 });
    const third = botHarness({ defaultLanguage: 'en' });
    const ann = { id: 7101, first_name: 'Ann', language_code: 'en' };
    for (const h of [first, second, third]) await h.say(ann, '/play');
    await first.press(ann, first.last(ann.id), 'pb|short|easy|1');
    expect([await count(m1), await count(m2)]).toEqual([1, 0]);
    await second.press(ann, second.last(ann.id), 'pb|short|easy|1');
    await third.press(ann, third.last(ann.id), 'pb|short|easy|1');
    expect([await count(m1), await count(m2)]).toEqual([1, 1]);
  });
});
