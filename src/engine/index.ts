export * from './types.js';
export * from './rules.js';
export * from './position.js';
export * from './plays.js';
export { oppPointOf } from './movegen.js';
