// A fresh process: import the renderer and draw one board. Prints the time from process start.
const t0 = performance.now();
const { renderPosition } = await import('../src/render/index.js');
const { startPosition } = await import('../src/engine/position.js');
await renderPosition(startPosition('long'), { dice: [6, 5], names: { white: 'Алиса', black: 'Bob' } });
console.log(JSON.stringify({ since_process_start_ms: +performance.now().toFixed(1), import_and_render_ms: +(performance.now() - t0).toFixed(1) }));
