// The esbuild options of the program bundle (dist/bundle/), shared by `npm run build`
// (scripts/bundle.mjs, minified) and the profiler (bench/profile/profile-qiongli.mjs, which
// profiles a readable build of the same sources so samples can be attributed to modules).
import { fileURLToPath } from 'node:url';
import { zodEnglishOnly } from './zod-english-only.mjs';

/** Where the `qiongli config` commands live in the bundle, relative to qiongli.mjs. */
const CONFIG_COMMAND_FILE = './chunks/config-command.mjs';

/**
 * Keeps the `qiongli config` code out of the serving bundle: the dynamic import of
 * src/composition/config-command.ts becomes an import of chunks/config-command.mjs, a file
 * built apart by {@link configCommandOptions}. Split like the provider adapter, it would share
 * code with the program and move that code into a chunk every `mcp serve` start loads too.
 */
const configCommandApart = {
  name: 'config-command-apart',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /[\\/]config-command\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: CONFIG_COMMAND_FILE, external: true } : undefined,
    );
  },
};

/**
 * jsonc-parser's `main` is a UMD wrapper that requires its parts at run time, which esbuild
 * cannot follow: every bundle (the program, the config command, the single executable) takes its
 * ES module build (the package's `module` field) instead.
 */
export const JSONC_PARSER_ALIAS = { 'jsonc-parser': fileURLToPath(new URL('../node_modules/jsonc-parser/lib/esm/main.js', import.meta.url)) };

const shared = (minify) => ({
  bundle: true,
  minify,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  alias: JSONC_PARSER_ALIAS,
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __qiongliCreateRequire } from 'node:module'; const require = __qiongliCreateRequire(import.meta.url);" },
});

/** esbuild options that bundle bin/qiongli.ts into `outdir`; `minify: false` keeps names and esbuild's `// path` comments. */
export function bundleOptions(outdir, { minify = true } = {}) {
  return {
    ...shared(minify),
    entryPoints: { qiongli: fileURLToPath(new URL('../bin/qiongli.ts', import.meta.url)) },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [zodEnglishOnly, configCommandApart],
  };
}

/** esbuild options of chunks/config-command.mjs: the `qiongli config` commands, self-contained. */
export function configCommandOptions(outdir, { minify = true } = {}) {
  return {
    ...shared(minify),
    entryPoints: [fileURLToPath(new URL('../src/composition/config-command.ts', import.meta.url))],
    outfile: fileURLToPath(new URL(CONFIG_COMMAND_FILE, new URL(`file://${outdir.endsWith('/') ? outdir : `${outdir}/`}`))),
    plugins: [zodEnglishOnly],
  };
}

/**
 * esbuild options of one test harness program (test/support/serve-*.ts) bundled to `outfile`,
 * which must lie three folders below the project root as dist/test/support/ does (the harnesses
 * find the fixtures from their own location). One self-contained file, no chunks, so the
 * interop suite's clients meet a harness that starts about as fast as the built program: the
 * compiled modules one by one took 0.5–0.9 s, and AI SDK 2 gives its probe one second.
 */
export function harnessOptions(entry, outfile) {
  return { ...shared(true), entryPoints: [entry], outfile, plugins: [zodEnglishOnly] };
}
