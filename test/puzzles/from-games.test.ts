/**
 * Problems from reviewed games: a mistake made in a game becomes a problem when it meets the
 * bank's rules (the mistake is the tempting answer), kept once, offered by /puzzle beside the
 * bundled banks, answered like any other.
 */
import { describe, expect, it } from 'vitest';
import type { Analysis, Decision } from '../../src/ai/analysis.js';
import { Puzzles } from '../../src/app/puzzles/puzzles.js';
import { parsePlay } from '../../src/engine/notation.js';
import { loadBank, problemPosition, type Problem } from '../../src/puzzles/bank.js';
import { PROBLEMS_PER_GAME, reviewProblems } from '../../src/puzzles/maker.js';
import { MemoryStore } from '../../src/store/index.js';

/** A game's analysis holding one decision: `problem`'s position and roll, its answer `played` made. */
function analysisOf(problem: Problem, played: number, loss = 0.2): Analysis {
  const position = problemPosition(problem);
  const d = {
    game: 1,
    line: 1,
    side: position.turn,
    kind: 'play',
    position,
    dice: problem.dice,
    played: problem.answers[played]!.play,
    best: problem.answers[0]!.play,
    playedMoves: parsePlay(problem.answers[played]!.play),
    bestMoves: parsePlay(problem.answers[0]!.play),
    equity: 0,
    bestEquity: loss,
    loss,
    expectedLoss: loss,
    forced: false,
    mark: 'bad',
  } as unknown as Decision;
  return { variant: problem.variant, decisions: [d] } as unknown as Analysis;
}

describe('problems from reviewed games', () => {
  const bank = loadBank('short').problems.filter((p) => p.kind === 'play');
  const problem = bank.find((p) => p.tempting === 1)!;

  it("a game's mistake that meets the bank's rules is a problem, the mistake its tempting answer", async () => {
    const [draft] = await reviewProblems(analysisOf(problem, problem.tempting), [problemPosition(problem).turn]);
    expect(draft).toBeDefined();
    expect(draft!.source).toBe('game');
    expect(draft!.position).toBe(problem.position);
    expect(draft!.answers[0]!.play).toBe(problem.answers[0]!.play);
    expect(draft!.answers[draft!.tempting]!.play).toBe(problem.answers[problem.tempting]!.play);
    // Not a side that agreed, the best play itself, or a small loss: nothing.
    const other = problemPosition(problem).turn === 'white' ? 'black' : 'white';
    expect(await reviewProblems(analysisOf(problem, problem.tempting), [other])).toEqual([]);
    expect(await reviewProblems(analysisOf(problem, 0, 0), [problemPosition(problem).turn])).toEqual([]);
    expect(await reviewProblems(analysisOf(problem, problem.tempting, 0.01), [problemPosition(problem).turn])).toEqual([]);
    expect(PROBLEMS_PER_GAME).toBe(3);
  }, 30_000);

  it('kept once, offered by /puzzle beside the banks, answered like any other', async () => {
    const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 });
    const puzzles = new Puzzles(store.docs);
    const [draft] = await reviewProblems(analysisOf(problem, problem.tempting), [problemPosition(problem).turn]);
    const [id] = await puzzles.addFromGame([draft!]);
    expect(id).toMatch(/^sg[0-9a-f]{10}$/);
    // The same position again (another review of the game): kept once.
    expect(await puzzles.addFromGame([draft!])).toEqual([]);
    expect(await store.docs.members('puzzle:games:short')).toEqual([`${id}:${draft!.rating}`]);
    const stored = (await puzzles.problem(id!))!;
    expect(stored).toMatchObject({ id, source: 'game', position: problem.position });
    // A player who has seen every bundled short problem lately is offered the game's.
    const recent = loadBank('short').problems.map((p) => p.id);
    await store.docs.save('puzzle:u:77', 0, JSON.stringify({ rating: { rating: 1500, rd: 350, vol: 0.06 }, streak: 0, bestStreak: 0, solved: 0, attempts: 0, current: null, recent }), 600);
    const next = await puzzles.next(77, 'short');
    expect(next.problem.id).toBe(id);
    const r = await puzzles.answer(77, id!, next.order.indexOf(0));
    expect(r.kind).toBe('solved');
    expect((await puzzles.problemRecord(stored)).attempts).toBe(1);
    // A forged or broken id is no problem.
    expect(await puzzles.problem('sg0000000000')).toBeNull();
    expect(await puzzles.problem('x1')).toBeNull();
    await store.docs.save('puzzle:g:sgffffffffff', 0, '{"id":"sgffffffffff"}', 600);
    expect(await puzzles.problem('sgffffffffff')).toBeNull();
  }, 30_000);
});
