// Bundles the program into dist/bundle/ so start-up loads one module (plus lazily loaded
// chunks, such as the HTTP provider adapters, which only a literature search needs).
// Minified, and with zod's locales reduced to English (the only one Qiongli uses: its
// messages are its own), so there is less to read and compile at every client start.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { zodEnglishOnly } from './zod-english-only.mjs';

const outdir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { qiongli: fileURLToPath(new URL('../bin/qiongli.ts', import.meta.url)) },
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
