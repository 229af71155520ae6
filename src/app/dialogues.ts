/** Small values with a lifetime kept by the store (dialogue states, marks), as the use cases use them. */
import type { Store } from '../store/types.js';

export interface Dialogues {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Set only if absent: true for the one caller (across instances) that set it. */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export function dialoguesOf(store: Store): Dialogues {
  return {
    read: (key) => store.dialogues.get(key),
    write: (key, value, ttl) => store.dialogues.set(key, value, ttl),
    setIfAbsent: (key, value, ttl) => store.dialogues.setIfAbsent(key, value, ttl),
    delete: (key) => store.dialogues.delete(key),
  };
}
