/**
 * The engine's fast interface, for bots, training and benchmarks: the legal-play generator
 * itself, whose finals are read from its typed-array pools (FinalPool) without building
 * immutable Play values. Everything else uses legalPlays and the turn interface.
 */
export { Generator, type FinalPool } from './movegen.js';
export { generatePlays, poolPosition, poolSteps } from './plays.js';
