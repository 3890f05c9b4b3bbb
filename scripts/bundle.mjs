// Bundles the program into dist/bundle/ so start-up loads one module (plus lazily loaded
// chunks, such as the HTTP provider adapters, which only a literature search needs).
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

const outdir = new URL('../dist/bundle/', import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { qiongli: new URL('../bin/qiongli.ts', import.meta.url).pathname },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __qiongliCreateRequire } from 'node:module'; const require = __qiongliCreateRequire(import.meta.url);" },
});
chmodSync(new URL('qiongli.mjs', 'file://' + outdir), 0o755);
