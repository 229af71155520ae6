/** The themes' colours: every checker stands out from every surface it can stand on. */
import { describe, expect, it } from 'vitest';
import { THEMES } from '../../src/render/theme.js';

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast', () => {
  it('on the dark board the black checkers rim is at least 3:1 against the field and both points', () => {
    const t = THEMES.dark;
    for (const surface of [t.field, t.pointA, t.pointB]) expect(contrast(t.black.ring, surface)).toBeGreaterThanOrEqual(3);
    for (const surface of [t.field, t.pointA, t.pointB]) expect(contrast(t.white.fill, surface)).toBeGreaterThanOrEqual(3);
  });

  it('checkers of the two sides look different on every theme', () => {
    for (const t of Object.values(THEMES)) expect(contrast(t.white.fill, t.black.fill)).toBeGreaterThanOrEqual(7);
  });
});
