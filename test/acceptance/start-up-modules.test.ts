import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from '../support/built-program.js';
import { exchangeWith, testEnv } from '../support/run-program.js';
import { call, initialize, initialized } from '../support/messages.js';

/**
 * Built-in modules a Lite session that previews a route must not load: each is for a path that
 * loads it on first use (`node:crypto`: sealed tokens, digests, hand-offs; the network and
 * worker modules: the lazy adapters and the keyring). `node:crypto` at start-up cost 3-8 ms of
 * every cold session and sat in the single executable's snapshot (issue 24, row 11).
 */
const NOT_AT_START_UP = ['crypto', 'http', 'https', 'http2', 'tls', 'zlib', 'dns', 'worker_threads', 'child_process'];

/**
 * Code the bundle must load on first use only, never with `qiongli.mjs`: the libraries of the
 * network adapters, the XML reader, the settings checker and the reference check, and the
 * adapters that carry them (the reference check's lookups, the Zotero connector, the setup page).
 */
const LAZY_CODE = [
  /node_modules\/undici\//,
  /node_modules\/saxes\//,
  /node_modules\/jsonc-parser\//,
  /node_modules\/@retorquere\/bibtex-parser\//,
  /src\/adapters\/(provider-client|provider-http|citation-graph|zotero-connector|setup-page|bibtex-parser)\//,
  /src\/adapters\/fulltext-client\/(?!text-digest\.ts$)/,
];

/** Every input of the bundle's entry and of the chunks it imports statically (what any start evaluates). */
async function startUpInputs(): Promise<string[]> {
  const { bundleOptions } = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts', 'bundle-options.mjs')).href)) as {
    bundleOptions: (outdir: string) => Parameters<typeof build>[0];
  };
  const outdir = mkdtempSync(join(tmpdir(), 'qiongli-start-up-'));
  try {
    const { metafile } = (await build({ ...bundleOptions(outdir), metafile: true, write: false, logLevel: 'silent' })) as { metafile: Metafile };
    const entry = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]?.entryPoint?.endsWith('bin/qiongli.ts'));
    assert.ok(entry !== undefined, 'the bundle has its entry');
    const seen = new Set<string>();
    const queue = [entry];
    for (let output = queue.pop(); output !== undefined; output = queue.pop()) {
      if (seen.has(output)) continue;
      seen.add(output);
      for (const imported of metafile.outputs[output]?.imports ?? [])
        if (imported.kind === 'import-statement' && imported.path in metafile.outputs) queue.push(imported.path);
    }
    return [...seen].flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {}));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('what the program loads at start-up (issue 24, row 11)', () => {
  it('a cold Lite session that previews a route loads no node:crypto, network or worker module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qiongli-modules-'));
    try {
      const preload = join(dir, 'record.cjs');
      const record = join(dir, 'modules.txt');
      writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, process.moduleLoadList.join('\\n')));\n`);
      const route = call(1, 'qiongli_orchestrator_route', { request: 'find reviews on open science', platform: 'cli' });
      const { responses, run } = await exchangeWith({ env: testEnv({ NODE_OPTIONS: `--require ${preload}` }) }, initialize(0), initialized, route);
      assert.equal(run.code, 0);
      assert.equal(responses.find((response) => response.id === 1)?.result?.structuredContent?.preview_only, true);
      const loaded = readFileSync(record, 'utf8').split('\n');
      assert.ok(loaded.includes('NativeModule fs'), 'the record lists built-in modules');
      assert.deepEqual(
        NOT_AT_START_UP.filter((name) => loaded.includes(`NativeModule ${name}`)),
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the bundle entry and its static chunks hold none of the code loaded on first use', { timeout: 60_000 }, async () => {
    const inputs = await startUpInputs();
    assert.ok(
      inputs.some((input) => input.includes('src/adapters/mcp/')),
      'the start-up inputs are listed',
    );
    assert.deepEqual(
      inputs.filter((input) => LAZY_CODE.some((pattern) => pattern.test(input))),
      [],
    );
  });
});
