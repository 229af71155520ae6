/** The layering of ../shared/ARCHITECTURE.md, checked by test/architecture.test.ts. */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'src/engine imports nothing of the project outside itself',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/', pathNot: '^src/engine/' },
    },
    {
      name: 'nothing-below-the-bot-knows-grammy',
      comment: 'only src/bot (and the wiring in src/main.ts) may use grammY',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(bot/|main\\.ts)' },
      to: { path: 'node_modules/(grammy|@grammyjs)/' },
    },
    {
      name: 'nothing-below-the-bot-imports-the-bot',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(bot/|main\\.ts)' },
      to: { path: '^src/bot/' },
    },
    {
      name: 'the-bot-talks-to-app-not-store',
      comment: 'src/bot reaches storage only through the use cases in src/app',
      severity: 'error',
      from: { path: '^src/bot/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'the-bot-imports-engine-and-ai-types-only',
      comment: 'src/bot maps the choices and facts of app/table to buttons, words and pictures: it decides nothing with the engine or the AI, whose types alone it may import',
      severity: 'error',
      from: { path: '^src/bot/' },
      to: { path: '^src/(engine|ai)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ai-knows-no-storage',
      severity: 'error',
      from: { path: '^src/(ai|engine|render|lessons)/' },
      to: { path: '^src/(store|app)/' },
    },
    {
      name: 'store-is-storage-only',
      comment: 'src/store knows no domain: no app, ai, bot or render',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/(app|ai|bot|render|lessons)/' },
    },
    {
      name: 'engine-internals-stay-inside',
      comment: 'outside the engine, only its public modules are imported (not the generator internals)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/engine/' },
      to: { path: '^src/engine/movegen\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
