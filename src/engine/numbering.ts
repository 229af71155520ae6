import type { Variant } from './types.js';

/** The opponent's own point q that is the mover's point p (SPEC §2), per variant. */
export function oppPointOf(variant: Variant, p: number): number {
  if (variant === 'short') return 25 - p;
  return p <= 12 ? p + 12 : p - 12;
}
