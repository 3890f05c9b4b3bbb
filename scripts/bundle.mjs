// Bundles the program into dist/bundle/ so start-up loads one module (plus lazily loaded
// chunks, such as the HTTP provider adapters, which only a literature search needs).
// Minified, and with zod's locales reduced to English (the only one Qiongli uses: its
// messages are its own), so there is less to read and compile at every client start.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

const outdir = new URL('../dist/bundle/', import.meta.url).pathname;

/** Replaces zod's all-locales index with one that exports only `en`. */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      args.importer.includes('/node_modules/zod/')
        ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: join(dirname(args.importer), '..', 'locales') }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.pluginData,
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { qiongli: new URL('../bin/qiongli.ts', import.meta.url).pathname },
  outdir,
  bundle: true,
  splitting: true,
  minify: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __qiongliCreateRequire } from 'node:module'; const require = __qiongliCreateRequire(import.meta.url);" },
});
chmodSync(join(outdir, 'qiongli.mjs'), 0o755);
