/**
 * Start a worker thread on a module of this project: `name` (without its extension), beside the
 * module whose `import.meta.url` is `here`, in the same form. Under tsx (development, tests,
 * training) the worker registers tsx's loader first so that it can load TypeScript; compiled
 * JavaScript (production) starts the module directly.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(here: string, name: string, options: WorkerOptions = {}): Worker {
  const entry = new URL(`./${name}${here.endsWith('.ts') ? '.ts' : '.js'}`, here);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
