// The esbuild options of the program bundle (dist/bundle/), shared by `npm run build`
// (scripts/bundle.mjs, minified) and the profiler (bench/profile/profile-qiongli.mjs, which
// profiles a readable build of the same sources so samples can be attributed to modules).
import { fileURLToPath } from 'node:url';
import { zodEnglishOnly } from './zod-english-only.mjs';

/** esbuild options that bundle bin/qiongli.ts into `outdir`; `minify: false` keeps names and esbuild's `// path` comments. */
export function bundleOptions(outdir, { minify = true } = {}) {
  return {
    entryPoints: { qiongli: fileURLToPath(new URL('../bin/qiongli.ts', import.meta.url)) },
    outdir,
    bundle: true,
    splitting: true,
    minify,
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
  };
}
