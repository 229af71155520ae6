import pino from 'pino';
import type { LogLevel } from './config.js';
import { redactor, type Redact } from './redact.js';

export type Logger = pino.Logger;

export interface LoggerOptions {
  /** Secrets that must never be written (the bot token, passwords): see redact.ts. */
  readonly secrets?: ReadonlyArray<string | null | undefined>;
  /** Where the lines go (standard output by default; tests pass a stream). */
  readonly destination?: pino.DestinationStream;
}

/**
 * The process's logger. Every line passes through the redaction as it is written, whatever it
 * carries (an error's message, its stack, its cause), so no secret reaches a log.
 */
export function createLogger(level: LogLevel = 'info', opts: LoggerOptions = {}): Logger {
  const redact: Redact = redactor(opts.secrets);
  const options: pino.LoggerOptions = { level, base: { app: 'nardy-bot' }, hooks: { streamWrite: redact } };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
