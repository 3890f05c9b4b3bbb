#!/usr/bin/env node
// `npm run build:binary`: writes dist/binary/qiongli (qiongli.exe on Windows), a Node.js single
// executable application for this machine's platform, built on the pinned runtime
// (scripts/pinned-node.json, fetched and verified by scripts/pinned-node.mjs) — never on the
// Node that runs this script. See docs/install.md and docs/runtime.md.
//
//   1. esbuild bundles scripts/binary/snapshot-entry.ts (the program plus a warm-up) as one
//      CommonJS file: a single executable runs one CommonJS main.
//   2. The pinned node runs that file once and saves the heap as a V8 start-up snapshot
//      (`useSnapshot`) inside the preparation blob: at every start the program's modules are
//      already evaluated and its request path already compiled.
//   3. postject injects the blob into a copy of the pinned node (on macOS after removing the
//      signature; the result is then signed ad hoc), which is written to dist/binary/.
//
//   node scripts/build-binary.mjs              # build for this machine
//   node scripts/build-binary.mjs --if-stale   # skip when the bundle and runtime are unchanged
//   node scripts/build-binary.mjs --target win-x64-wine   # Linux with wine: dist/binary/qiongli.exe on
//                                              # the Windows Node that runs under wine (a check)
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { ensurePinnedNode, hostTarget, integrityOf, pinOf, REPO_ROOT } from './pinned-node.mjs';
import { copyInChunks } from './copy-in-chunks.mjs';
import { keyringFromAsset, stageKeyringAsset } from './native-keyring.mjs';
import { targetRunner } from './target-runner.mjs';
import { zodEnglishOnly } from './zod-english-only.mjs';
import { JSONC_PARSER_ALIAS } from './bundle-options.mjs';

/** The SEA fuse every official Node build carries (docs: single-executable-applications). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const OUT_DIR = join(REPO_ROOT, 'dist', 'binary');
const WORK_DIR = join(OUT_DIR, 'build');

const { values: options } = parseArgs({
  options: { 'if-stale': { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false }, target: { type: 'string' } },
});
const log = options.quiet ? () => {} : (text) => process.stdout.write(`build:binary: ${text}\n`);

/**
 * The lazily loaded adapters, each a SEA asset, not part of the snapshot: the provider adapter
 * (undici, the XML parser), the full-text adapter (the HTML parser) and the reference check's
 * lookups (the XML parser), which send through the provider adapter's HTTP policy, the BibTeX
 * parser (about 5 MB of library code), loaded only when a reference check reads BibTeX, and the
 * Standard profile's Zotero connector (its own undici `Client`).
 */
const LAZY_ADAPTERS = [
  {
    asset: 'provider-client.cjs',
    entry: join(REPO_ROOT, 'src', 'adapters', 'provider-client', 'index.ts'),
    filter: /adapters[\\/]provider-client[\\/]index\.js$/,
  },
  {
    asset: 'fulltext-client.cjs',
    entry: join(REPO_ROOT, 'src', 'adapters', 'fulltext-client', 'index.ts'),
    filter: /adapters[\\/]fulltext-client[\\/]index\.js$/,
  },
  {
    asset: 'reference-lookup.cjs',
    entry: join(REPO_ROOT, 'src', 'adapters', 'reference-lookup', 'index.ts'),
    filter: /adapters[\\/]reference-lookup[\\/]index\.js$/,
  },
  {
    asset: 'bibtex-parser.cjs',
    entry: join(REPO_ROOT, 'src', 'adapters', 'bibtex-parser', 'index.ts'),
    filter: /adapters[\\/]bibtex-parser[\\/]index\.js$/,
  },
  {
    asset: 'zotero-connector.cjs',
    entry: join(REPO_ROOT, 'src', 'adapters', 'zotero-connector', 'index.ts'),
    filter: /adapters[\\/]zotero-connector[\\/]index\.js$/,
  },
];

/**
 * The dynamic import of each lazy adapter (src/composition/lazy-provider-client.ts,
 * lazy-fulltext-client.ts, lazy-reference-lookup.ts, lazy-bibliography-parser.ts, lazy-zotero-connector.ts) becomes a module
 * that evaluates the adapter from the executable's asset
 * on first use — as the bundle loads it from a chunk — so its source stays out of the snapshot and
 * out of memory until a search or a read runs.
 */
const adaptersFromAssets = {
  name: 'adapters-from-assets',
  setup(pluginBuild) {
    for (const { asset, filter } of LAZY_ADAPTERS) {
      pluginBuild.onResolve({ filter }, (args) => (args.kind === 'dynamic-import' ? { path: asset, namespace: 'sea-asset' } : undefined));
    }
    pluginBuild.onLoad({ filter: /.*/, namespace: 'sea-asset' }, (args) => ({
      loader: 'js',
      contents: `const source = require('node:sea').getAsset(${JSON.stringify(args.path)}, 'utf8');
const load = require('node:vm').runInThisContext('(function (module, exports, require) {' + source + '\\n})', { filename: ${JSON.stringify(args.path)} });
load(module, module.exports, require);`,
    }));
  },
};

/** esbuild options both CommonJS files share; any esbuild warning fails the build. */
async function bundleCommonJs(entry, outfile, plugins) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    legalComments: 'none',
    logLevel: 'silent',
    alias: JSONC_PARSER_ALIAS,
    plugins: [zodEnglishOnly, ...plugins],
  });
  if (result.warnings.length > 0) throw new Error(`esbuild: ${result.warnings.map((warning) => warning.text).join('; ')}`);
}

/**
 * The SEA main: it compiles the program (the snapshot entry, read relative to the build's working
 * directory) under the relative name `qiongli-program.cjs`. Node compiles a main under its
 * absolute path, and that name stayed in the snapshot with the main's source; this loader's own
 * script is dropped (nothing of it survives the build). Just before the heap is saved, the
 * build's `process.execPath` and `process.argv` (the pinned node's cache path, the main's path)
 * are cleared: every start sets them anew. So the executable holds no path of the machine that
 * built it (issue 19, row 9; test/acceptance/binary-build-paths.test.ts).
 */
const SEA_MAIN = `const source = require('node:fs').readFileSync('qiongli-program.cjs', 'utf8');
const program = { exports: {} };
require('node:vm').runInThisContext('(function (exports, require, module) {' + source + '\\n})', { filename: 'qiongli-program.cjs' })(program.exports, require, program);
require('node:v8').startupSnapshot.addSerializeCallback(() => {
  process.execPath = '';
  process.argv.length = 0;
  process.title = '';
});
`;

/** The snapshot entry (the program plus its warm-up) behind its loader, and the lazy adapters, as CommonJS files. */
async function bundleSources() {
  await bundleCommonJs(join(REPO_ROOT, 'scripts', 'binary', 'snapshot-entry.ts'), join(WORK_DIR, 'qiongli-program.cjs'), [
    adaptersFromAssets,
    keyringFromAsset,
  ]);
  writeFileSync(join(WORK_DIR, 'qiongli-sea.cjs'), SEA_MAIN);
  for (const { asset, entry } of LAZY_ADAPTERS) await bundleCommonJs(entry, join(WORK_DIR, asset), []);
}

/** Runs the pinned node to make the SEA preparation blob with the start-up snapshot. */
function prepareBlob(node, run, nativeAssets) {
  const config = {
    main: 'qiongli-sea.cjs',
    output: 'qiongli.blob',
    disableExperimentalSEAWarning: true,
    useSnapshot: true,
    assets: { ...Object.fromEntries(LAZY_ADAPTERS.map(({ asset }) => [asset, asset])), ...nativeAssets },
  };
  writeFileSync(join(WORK_DIR, 'sea-config.json'), JSON.stringify(config, null, 1));
  // A bare environment (targetRunner): the snapshot must not capture anything of the build machine's.
  // The pinned node is named relative to the working directory: its name is the build's
  // `process.argv0` and title, which the snapshot keeps (`execPath` is cleared by the loader).
  const made = run(relative(WORK_DIR, node), ['--experimental-sea-config', 'sea-config.json'], { cwd: WORK_DIR });
  // Node warns when a built-in module used at build time is not verified for snapshots. The
  // loader's `node:vm` is the one allowed: it compiles one script in the main context (the
  // warning is about state vm contexts keep), as the lazy adapters' loaders do at run time.
  const problems = made.stderr
    .replace(/\(node:\d+\) Warning: It's not yet fully verified whether built-in module "node:vm".*\n(?:[^(\n].*\n)*/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !/ExperimentalWarning|--trace-warnings|^Wrote single executable preparation blob/.test(line));
  if (made.status !== 0 || problems.length > 0) throw new Error(`snapshot build failed (exit ${made.status}):\n${made.stderr}`);
  return readFileSync(join(WORK_DIR, 'qiongli.blob'));
}

/** Runs a macOS code-signing step (only ever called on macOS). */
function codesign(args) {
  const run = spawnSync('codesign', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`codesign ${args.join(' ')} failed: ${run.stderr}`);
}

/** Injects the blob into a copy of the pinned node, writing `target`. */
async function inject(node, blob, target, platform) {
  const staging = join(WORK_DIR, 'qiongli.staging');
  copyFileSync(node, staging);
  chmodSync(staging, 0o755);
  if (platform === 'darwin') codesign(['--remove-signature', staging]);
  const { inject: postject } = createRequire(import.meta.url)('postject');
  // LIEF (inside postject) reports sections it does not recognise in official builds; harmless.
  const warn = console.warn;
  console.warn = (...args) => (/Can't find string offset for section name|The signature seems corrupted/.test(String(args[0])) ? undefined : warn(...args));
  try {
    await postject(staging, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE, ...(platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}) });
  } finally {
    console.warn = warn;
  }
  if (platform === 'darwin') codesign(['--sign', '-', staging]);
  // Written in ordinary chunks, as cp or a download writes it (see copy-in-chunks.mjs).
  copyInChunks(staging, target);
  chmodSync(target, 0o755);
  rmSync(staging);
}

/** The line `--version` must print: the package version and the embedded runtime. */
function expectedVersionLine(pin, target) {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return `qiongli ${version} (node v${pin.version}, ${target.replace(/-wine$/, '')})`;
}

async function main() {
  const target = options.target ?? hostTarget();
  const pin = pinOf(target);
  const run = targetRunner(target);
  const binary = join(OUT_DIR, target.startsWith('win-') ? 'qiongli.exe' : 'qiongli');
  const record = join(OUT_DIR, `build-${target}.json`);
  mkdirSync(WORK_DIR, { recursive: true });
  await bundleSources();
  const hash = createHash('sha256').update(readFileSync(join(WORK_DIR, 'qiongli-program.cjs')));
  for (const { asset } of LAZY_ADAPTERS) hash.update(readFileSync(join(WORK_DIR, asset)));
  const nativeAssets = stageKeyringAsset(target, WORK_DIR);
  for (const asset of Object.keys(nativeAssets)) hash.update(readFileSync(join(WORK_DIR, asset)));
  const inputs = hash
    .update(pin.integrity)
    .update(readFileSync(new URL(import.meta.url)))
    .digest('hex');
  if (options['if-stale'] && existsSync(binary) && existsSync(record) && JSON.parse(readFileSync(record, 'utf8')).inputs === inputs) {
    log(`${binary} is up to date`);
    return;
  }
  const node = await ensurePinnedNode(target, { log });
  log(`snapshot and blob with node v${pin.version} (${target})`);
  const blob = prepareBlob(node, run, nativeAssets);
  rmSync(binary, { force: true });
  await inject(node, blob, binary, process.platform);
  rmSync(join(WORK_DIR, 'qiongli.blob'));
  const version = run(binary, ['--version']);
  const expected = expectedVersionLine(pin, target);
  if (version.status !== 0 || version.stdout !== `${expected}\n` || version.stderr !== '') {
    throw new Error(`the built binary answered --version with ${JSON.stringify(version.stdout + version.stderr)}, expected ${expected}`);
  }
  writeFileSync(record, JSON.stringify({ target, node: pin.version, integrity: pin.integrity, inputs, binary: await integrityOf(binary) }, null, 1));
  log(`wrote ${binary} (${(statSync(binary).size / 1048576).toFixed(1)} MiB): ${expected}`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`build:binary: ${error.message}\n`);
  process.exit(1);
}
