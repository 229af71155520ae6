/** The words of a puzzle, for both front ends: a problem's caption, and an answer told in full. */
import type { Answered } from '../app/puzzles/puzzles.js';
import { answerMoves, problemPosition, type Problem } from '../puzzles/bank.js';
import { whyBetter } from '../puzzles/facts.js';
import { decimal, playersNotation, type Translate } from './text.js';

export const puzzleDice = (p: Problem): string => `${p.dice[0]}-${p.dice[1]}`;

export function problemCaption(t: Translate, problem: Problem, rating: number): string {
  const side = problemPosition(problem).turn;
  return t('puzzle-caption', { id: problem.id, variant: t(`variant-${problem.variant}`), colour: t(`colour-${side}`), dice: puzzleDice(problem), rating: String(Math.round(rating)), themes: problem.themes.map((x) => t(`puzzle-theme-${x}`)).join(', ') });
}

/** The answers as the buttons show them, in the player's order. */
export function answerLabels(problem: Problem, order: readonly number[]): string[] {
  return order.map((i) => playersNotation(problem.answers[i]!.play));
}

/** An answer told: right or not, every play with what it loses, why (when missed), the rating and streak. */
export function answeredLines(t: Translate, r: Extract<Answered, { kind: 'solved' | 'missed' }>): string[] {
  const { problem, chosen, order } = r;
  const best = problem.answers[0]!;
  const lines: string[] = [t(r.kind === 'solved' ? 'puzzle-solved' : 'puzzle-missed', { id: problem.id, dice: puzzleDice(problem) })];
  for (const i of order) {
    const a = problem.answers[i]!;
    const mark = i === 0 ? '✅' : i === chosen ? '❌' : '▫️';
    lines.push(`${mark} ${playersNotation(a.play)} — ${i === 0 ? t('puzzle-best') : t('puzzle-loses', { loss: decimal(t, best.equity - a.equity, 3) })}${i === chosen ? ` ${t('puzzle-yours')}` : ''}`);
  }
  if (chosen !== 0) {
    const why = whyBetter(problemPosition(problem), answerMoves(best), answerMoves(problem.answers[chosen]!));
    lines.push(t(why.key, why.args));
  }
  const delta = r.after.rating.rating - r.before.rating.rating;
  lines.push(t('puzzle-rating', { rating: String(Math.round(r.after.rating.rating)), delta: `${delta >= 0 ? '+' : '−'}${Math.abs(Math.round(delta))}`, streak: r.after.streak }));
  return lines;
}
