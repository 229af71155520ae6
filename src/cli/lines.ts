/**
 * The JSON-lines commands' common part (`nardy plays`, `move`, `cube`): each line is one request
 * object answered by one line, and a bad line is answered with {"error"} while the others still
 * get their answers.
 */
import { PositionError } from '../engine/position.js';
import { RulesError } from '../engine/rules.js';
import { isDie, type Dice } from '../engine/types.js';

export interface LineAnswer {
  readonly out: string;
  readonly ok: boolean;
}

/** One line answered by `answer` over its request object; what it throws is the line's error. */
export function answerLine(line: string, answer: (request: Record<string, unknown>) => unknown): LineAnswer {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { out: JSON.stringify({ error: 'line is not valid JSON' }), ok: false };
  }
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new PositionError('line must be a JSON object');
    return { out: JSON.stringify(answer(input as Record<string, unknown>)), ok: true };
  } catch (e) {
    if (e instanceof PositionError || e instanceof RulesError) return { out: JSON.stringify({ error: e.message }), ok: false };
    // Whatever else goes wrong with one line is that line's error; the others are still answered.
    return { out: JSON.stringify({ error: `cannot answer this line: ${(e as Error).message}` }), ok: false };
  }
}

/** A request's "position", which must be there. */
export function requiredPosition(request: Record<string, unknown>): unknown {
  if (!Object.hasOwn(request, 'position')) throw new PositionError('missing "position"');
  return request.position;
}

/** A request's "dice": two integers from 1 to 6. */
export function parseDice(x: unknown): Dice {
  if (!Array.isArray(x) || x.length !== 2 || !isDie(x[0]) || !isDie(x[1])) throw new PositionError('"dice" must be two integers from 1 to 6');
  return [x[0], x[1]] as Dice;
}
