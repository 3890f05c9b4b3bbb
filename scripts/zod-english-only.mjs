// An esbuild plugin shared by the bundle (scripts/bundle.mjs) and the binary
// (scripts/build-binary.mjs): zod's all-locales index is replaced with one that exports only
// `en`, the only locale Qiongli uses (its messages are its own), so there is less to compile.
import { dirname, join } from 'node:path';

/** Replaces zod's all-locales index with one that exports only `en`. */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      args.importer.includes('/node_modules/zod/') || args.importer.includes('\\node_modules\\zod\\')
        ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: join(dirname(args.importer), '..', 'locales') }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.pluginData,
    }));
  },
};
