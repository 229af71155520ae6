// A fresh process: import the renderer, then draw one board with no warm-up. Prints the time of
// that first render call, of the imports before it, and since the process started.
const t0 = performance.now();
const { renderPosition } = await import('../src/render/index.js');
const { startPosition } = await import('../src/engine/position.js');
const t1 = performance.now();
await renderPosition(startPosition('long'), { dice: [6, 5], names: { white: 'Алиса', black: 'Bob' } });
const t2 = performance.now();
console.log(JSON.stringify({ first_render_ms: +(t2 - t1).toFixed(1), import_ms: +(t1 - t0).toFixed(1), since_process_start_ms: +t2.toFixed(1) }));
