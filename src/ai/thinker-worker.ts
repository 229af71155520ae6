/** A worker thread of the ThinkerPool: loads the networks once and answers decisions. */
import { parentPort } from 'node:worker_threads';
import { localPlayers, rankOf, type ThinkReply, type ThinkRequest } from './thinker.js';

const player = localPlayers();

parentPort!.on('message', (req: ThinkRequest) => {
  let reply: ThinkReply;
  try {
    const p = player(req.level);
    const value = req.kind === 'play' ? p.choosePlay(req.game, req.score) : req.kind === 'rank' ? rankOf(p, req.game, req.count, req.score) : req.kind === 'double' ? p.wantsToDouble(req.match) : req.kind === 'take' ? p.takes(req.match) : p.acceptsResignation(req.match);
    reply = { id: req.id, ok: true, value };
  } catch (e) {
    reply = { id: req.id, ok: false, error: (e as Error).message };
  }
  parentPort!.postMessage(reply);
});
