/** A worker thread of ReviewThreads (reviews.ts): loads the networks once, analyses games and makes problems of their mistakes where asked. */
import { parentPort } from 'node:worker_threads';
import { analyse } from '../ai/analysis.js';
import { reviewProblems } from '../puzzles/maker.js';
import type { Review, ReviewReply, ReviewRequest } from './reviews.js';

parentPort!.on('message', (req: ReviewRequest) => {
  void analyse(req.game, { ...req.depth, progress: (share) => parentPort!.postMessage({ id: req.id, progress: share } satisfies ReviewReply) })
    .then(async (a): Promise<Review> => (req.ask?.problemsOf?.length ? { ...a, problems: await reviewProblems(a, req.ask.problemsOf) } : a))
    .then(
    (value) => parentPort!.postMessage({ id: req.id, ok: true, value } satisfies ReviewReply),
    (e: unknown) => parentPort!.postMessage({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies ReviewReply),
  );
});
