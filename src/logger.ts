import pino from 'pino';
import type { LogLevel } from './config.js';

export type Logger = pino.Logger;

export function createLogger(level: LogLevel = 'info'): Logger {
  return pino({ level, base: { app: 'nardy-bot' } });
}
