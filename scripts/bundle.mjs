// Bundles the program into dist/bundle/ so start-up loads one module (plus lazily loaded
// chunks, such as the HTTP provider adapters, which only a literature search needs, and
// chunks/config-command.mjs, built apart, which only `qiongli config` loads).
// Minified, and with zod's locales reduced to English (the only one Qiongli uses: its
// messages are its own), so there is less to read and compile at every client start.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { bundleOptions, configCommandOptions, harnessOptions } from './bundle-options.mjs';

const outdir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));

rmSync(outdir, { recursive: true, force: true });
await build(bundleOptions(outdir));
await build(configCommandOptions(outdir));
chmodSync(join(outdir, 'qiongli.mjs'), 0o755);

// The test harnesses the interop suite starts (test/interop/clients/server-command.ts), each one
// file in dist/test/harness/: not part of the package.
const harnessDir = fileURLToPath(new URL('../dist/test/harness/', import.meta.url));
rmSync(harnessDir, { recursive: true, force: true });
for (const name of ['serve-with-fulltext-sources', 'serve-graph-with-loopback', 'serve-with-reference-sources'])
  await build(harnessOptions(fileURLToPath(new URL(`../test/support/${name}.ts`, import.meta.url)), join(harnessDir, `${name}.mjs`)));
