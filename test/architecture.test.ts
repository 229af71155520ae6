/** The layers of ../shared/ARCHITECTURE.md hold: dependency-cruiser over src/ with .dependency-cruiser.cjs. */
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('architecture', () => {
  it('no import crosses the layers', async () => {
    const config = require('../.dependency-cruiser.cjs') as { forbidden: unknown[]; options: Record<string, unknown> };
    const result = await cruise(['src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } } as never);
    const output = result.output as { summary: { violations: Array<{ from: string; to: string; rule: { name: string } }>; totalCruised: number } };
    expect(output.summary.totalCruised).toBeGreaterThan(50);
    expect(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 60_000);
});
