// Issue 23 item 5: the settings checks on jsonc-parser (src/adapters/config-source/json-text-check.ts)
// against the 50 ms step bound. `parseSettingsText` judges a settings text in one step (JSON.parse,
// then the parser for where it stops being JSON or repeats a key, then the schema); the largest
// text it ever sees is 64 KiB (MAX_SETTINGS_BYTES). Five 64 KiB texts, each the worst of its kind:
//   valid      a document whose providers carry 64 KiB of indentation and line breaks;
//   late-error the same with a trailing comma at its very end (the parser walks everything);
//   duplicate  3,000 keys in one object, the repeat at the end (every key kept in a set);
//   deep       64 KiB of `[` (the nesting bound stops the parser at level 65);
//   strings    one 64 KiB string value full of escapes, then a comment at the end.
// Each is judged 200 times after 20 warm-up runs; the process's CPU time per run (mean: what a
// loaded machine's scheduler does not add), the median, the 95th percentile and the slowest run
// are printed (on a loaded machine the slowest is the scheduler's, not the parser's).
// With a second argument, the same is measured on another build (e.g. /work/before, the
// hand-written scanners), for a side-by-side figure.
//
//   node bench/suites/settings-parse.mjs [REPO_ROOT_OF_OTHER_BUILD]

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';

const BYTES = 64 * 1024;
const head = '{"document_kind":"qiongli-global-settings","schema_version":1,"revision":3,"providers":{"openalex":{"enabled":true';
const pad = (text, tail) => text + ' \n'.repeat(Math.floor((BYTES - text.length - tail.length) / 2)) + tail;

/** The five texts, each 64 KiB (give or take a few bytes). */
export function texts() {
  const keys = [];
  for (let i = 0; keys.join(',').length < BYTES - 40; i += 1) keys.push(`"k${i}":${i}`);
  return {
    valid: pad(head, '}}}'),
    'late-error': pad(head, '},}}'),
    duplicate: `{${keys.join(',')},"k0":0}`,
    deep: '['.repeat(BYTES),
    strings: `{"s":"${'\\n\\u0041'.repeat(Math.floor((BYTES - 20) / 8))}"} //`,
  };
}

async function measure(root) {
  const { parseSettingsText } = await import(pathToFileURL(join(root, 'dist/src/adapters/config-source/settings-document.js')).href);
  const rows = [];
  for (const [name, text] of Object.entries(texts())) {
    for (let i = 0; i < 20; i += 1) await parseSettingsText(text);
    const times = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < 200; i += 1) {
      const start = performance.now();
      await parseSettingsText(text);
      times.push(performance.now() - start);
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const verdict = await parseSettingsText(text);
    rows.push({
      name,
      bytes: Buffer.byteLength(text),
      cpu: (used.user + used.system) / 1000 / 200,
      median: times[100],
      p95: times[190],
      max: times[199],
      rule: verdict.ok ? 'valid' : (verdict.error ?? verdict.problems)[0].rule,
    });
  }
  return rows;
}

const fmt = (ms) => `${ms.toFixed(2)} ms`;
const other = process.argv[2];
const builds = [['this build (jsonc-parser)', REPO_ROOT], ...(other === undefined ? [] : [[`${other} (hand-written)`, other]])];
console.log(
  '| build | text | bytes | verdict | CPU per run (mean) | median | 95th percentile | slowest of 200 |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
);
for (const [label, root] of builds) {
  for (const row of await measure(root))
    console.log(`| ${label} | ${row.name} | ${row.bytes} | ${row.rule} | ${fmt(row.cpu)} | ${fmt(row.median)} | ${fmt(row.p95)} | ${fmt(row.max)} |`);
}
