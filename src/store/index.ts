export * from './types.js';
export { MemoryStore } from './memory.js';
export { RedisStore } from './redis.js';
