/**
 * The Mini App's page: src/web/page -> dist/webapp (npm run build), served by the bot's HTTP
 * server under /app/. Relative paths (the page lives under /app/), no inline script or style
 * (the page's Content-Security-Policy forbids both), hashed asset names (cached for a year).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  publicDir: 'public',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../dist/webapp', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
  },
});
