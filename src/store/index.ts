export * from './types.js';
export { MemoryStore } from './memory.js';
export { RedisStore, USER_TTL_SECONDS, type RedisTarget } from './redis.js';
