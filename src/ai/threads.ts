/**
 * Start a worker thread on a module of this project. Under tsx (development, tests, training)
 * the worker registers tsx's loader first so that it can load TypeScript; compiled JavaScript
 * (production) starts the module directly.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
