/** The words of a puzzle, for both front ends: a problem's caption, and an answer told in full. */
import type { Answered } from '../app/puzzles/puzzles.js';
import { answerMoves, problemPosition, type Problem } from '../puzzles/bank.js';
import { whyBetter } from '../puzzles/facts.js';
import type { Die, Side } from '../engine/types.js';
import { decimal, playersNotation, type Translate } from './text.js';

/** A play problem's roll, `6-3`. */
export const puzzleDice = (p: Problem): string => (p.dice ? `${p.dice[0]}-${p.dice[1]}` : '');

/** What a problem's board shows besides the checkers: the roll, or the cube before the roll; the mover on turn. */
export function problemTable(problem: Problem): { readonly dice?: readonly [Die, Die]; readonly cube?: { readonly value: number; readonly owner: Side | null }; readonly turn: Side } {
  const side = problemPosition(problem).turn;
  return {
    ...(problem.dice ? { dice: [problem.dice[0], problem.dice[1]] as const } : {}),
    ...(problem.cube ? { cube: { value: problem.cube.value, owner: problem.cube.owner === 'me' ? side : null } } : {}),
    turn: side,
  };
}

const percent = (x: number): number => Math.round(100 * x);

export function problemCaption(t: Translate, problem: Problem, rating: number): string {
  const side = problemPosition(problem).turn;
  const args = { id: problem.id, variant: t(`variant-${problem.variant}`), colour: t(`colour-${side}`), rating: String(Math.round(rating)), themes: problem.themes.map((x) => t(`puzzle-theme-${x}`)).join(', ') };
  const caption =
    problem.kind === 'cube'
      ? t('puzzle-caption-cube', { ...args, cube: problem.cube?.owner === 'me' ? t('puzzle-cube-own', { value: problem.cube.value }) : t('puzzle-cube-centred', { value: problem.cube?.value ?? 1 }) })
      : t('puzzle-caption', { ...args, dice: puzzleDice(problem) });
  return problem.source === 'game' ? `${caption}\n${t('puzzle-from-game')}` : caption;
}

/** One answer as a button shows it: a play in the players' notation, or a cube action. */
export function answerLabel(t: Translate, problem: Problem, i: number): string {
  const play = problem.answers[i]!.play;
  return problem.kind === 'cube' ? t(`puzzle-cube-${play}`) : playersNotation(play);
}

/** The answers as the buttons show them, in the player's order. */
export function answerLabels(t: Translate, problem: Problem, order: readonly number[]): string[] {
  return order.map((i) => answerLabel(t, problem, i));
}

/** Why a cube problem's answer is right, in the game's words: the doubler's chances and the verdict. */
function whyCube(t: Translate, problem: Problem): string {
  const c = problem.cube!;
  const side = problemPosition(problem).turn;
  const best = problem.answers[0]!.play;
  return t(`why-cube-${best}`, { colour: t(`colour-${side}`), win: percent(c.win), gammon: percent(c.winGammon), lost: percent(c.loseGammon) });
}

/** An answer told: right or not, every answer with what it loses, why (when missed), the rating and streak. */
export function answeredLines(t: Translate, r: Extract<Answered, { kind: 'solved' | 'missed' }>): string[] {
  const { problem, chosen, order } = r;
  const best = problem.answers[0]!;
  const cube = problem.kind === 'cube';
  const lines: string[] = [t(`${r.kind === 'solved' ? 'puzzle-solved' : 'puzzle-missed'}${cube ? '-cube' : ''}`, { id: problem.id, dice: puzzleDice(problem) })];
  for (const i of order) {
    const a = problem.answers[i]!;
    const mark = i === 0 ? '✅' : i === chosen ? '❌' : '▫️';
    lines.push(`${mark} ${answerLabel(t, problem, i)} — ${i === 0 ? t(cube ? 'puzzle-best-cube' : 'puzzle-best') : t('puzzle-loses', { loss: decimal(t, best.equity - a.equity, 3) })}${i === chosen ? ` ${t('puzzle-yours')}` : ''}`);
  }
  if (cube) lines.push(whyCube(t, problem));
  else if (chosen !== 0) {
    const why = whyBetter(problemPosition(problem), answerMoves(best), answerMoves(problem.answers[chosen]!));
    lines.push(t(why.key, why.args));
  }
  const delta = r.after.rating.rating - r.before.rating.rating;
  lines.push(t('puzzle-rating', { rating: String(Math.round(r.after.rating.rating)), delta: `${delta >= 0 ? '+' : '−'}${Math.abs(Math.round(delta))}`, streak: r.after.streak }));
  return lines;
}

/** What the toast says after an answer. */
export const answerToast = (t: Translate, problem: Problem, solved: boolean): string => t(solved ? 'puzzle-toast-solved' : problem.kind === 'cube' ? 'puzzle-toast-missed-cube' : 'puzzle-toast-missed');
