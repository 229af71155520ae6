/**
 * A short lock shared by every instance (a dialogue key holding its owner): taken at once when free,
 * or when its holder died (its heartbeat stopped); released only by its holder.
 */
import type { Dialogues } from './dialogues.js';

export async function takeLock(d: Dialogues, key: string, owner: string, ttlSeconds: number, alive: (owner: string) => Promise<boolean>): Promise<boolean> {
  if (await d.setIfAbsent(key, owner, ttlSeconds)) return true;
  const holder = await d.read(key);
  if (typeof holder !== 'string' || holder === owner || (await alive(holder))) return false;
  await d.delete(key);
  return d.setIfAbsent(key, owner, ttlSeconds);
}

export async function releaseLock(d: Dialogues, key: string, owner: string): Promise<void> {
  if ((await d.read(key)) === owner) await d.delete(key);
}
