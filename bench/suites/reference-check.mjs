// Measurement (j) of issue 27, row 7: the reference check's speed, on the compiled sources (dist/;
// `npm run build`).
//   1. Checking itself — reading the bibliography, resolving against sources that answer at once,
//      scoring, merging flags and versions, paging — for 200 references: the sources are an
//      in-process lookup holding the labelled set's world (the records of the real provider
//      bodies), so no time is spent waiting and what is measured is Qiongli's own work. 200
//      references in each format (BibTeX, RIS, CSL-JSON, plain text, objects): CPU time of one
//      whole check (process.cpuUsage, user + system), cold (first run in a fresh process) and warm
//      (median of the next runs); target < 100 ms.
//   2. The longest single step of reading hostile bibliographies (each run in 8 ms time slices
//      would pause between steps): a 100 KiB single reference, 256 KiB of unbalanced braces, …;
//      target < 50 ms.
//   3. 200 references with DOIs through tools/call and the real lookups, undici and pacing against
//      loopback sources (bench/suites/reference-check-paced.mjs): wall time against the floor the
//      pacing lanes allow; target ≤ 1.1 × the floor.
//
//   node bench/suites/reference-check.mjs [--smoke] [--cpu-only]   # prints the section as Markdown
//                                                   # (--cpu-only: parts 1 and 2, without the ≈ 4 min of part 3)

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';
import { renderReferenceCheck } from '../lib/reference-report.mjs';
import { pacedCheck } from './reference-check-paced.mjs';

const load = (path) => import(pathToFileURL(join(REPO_ROOT, path)).href);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Parts 1 and 2: the CPU of checking 200 references in each format, and the longest reading step of hostile inputs. */
async function checkingCpu(smoke) {
  const [{ checkReferences }, { HeldChecks }, { readReferences }, { RetorquereBibliographyParser }, { AesGcmSealedTokens }, { DEFAULT_SETTINGS }] =
    await Promise.all([
      load('dist/src/domain/reference-check/check-references.js'),
      load('dist/src/domain/reference-check/check-cursor.js'),
      load('dist/src/domain/reference-check/read-references.js'),
      load('dist/src/adapters/bibtex-parser/index.js'),
      load('dist/src/adapters/sealed-token/index.js'),
      load('dist/src/domain/provider-readiness/provider-readiness.js'),
    ]);

  const set = JSON.parse(readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'reference-check', 'labelled-set.json'), 'utf8'));
  const words = (text) => (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

  /**
   * Sources answering at once from the world: by identifier exactly, by search as the shared-words
   * ranking of the test fake. Answers are kept per question, so from the second check on the
   * sources cost nothing and the warm figures are Qiongli's own work.
   */
  const answers = new Map();
  const remembered = (key, answer) => {
    if (!answers.has(key)) answers.set(key, answer());
    return answers.get(key);
  };
  const instantLookup = {
    session(source) {
      const works = (set.world[source] ?? []).map((record) => ({ record, words: new Set(words(record.title)) }));
      let requests = 0;
      const ok = (value) => {
        requests += 1;
        return Promise.resolve({ ok: true, value });
      };
      return {
        byIdentifier: (id) =>
          ok(
            remembered(`${source} ${id.kind} ${id.value}`, () =>
              works.find(({ record }) => (id.kind === 'doi' ? record.doi?.toLowerCase() === id.value : record.identifiers?.[id.kind] === id.value)),
            ),
          ),
        search: (query) =>
          ok(
            remembered(`${source} ? ${query.title ?? query.text}`, () => {
              const asked = words(query.title ?? query.text);
              const ranked = works
                .map((work, position) => ({ work, position, shared: asked.filter((word) => work.words.has(word)).length }))
                .filter((entry) => entry.shared > 0)
                .sort((a, b) => b.shared - a.shared || a.position - b.position);
              return ranked.slice(0, query.limit).map((entry) => ({ record: entry.work.record }));
            }),
          ),
        updateStatus: () => ok([]),
        requests: () => requests,
      };
    },
  };

  const deps = () => ({
    config: { read: () => Promise.resolve({ status: 'available', settings: DEFAULT_SETTINGS }) },
    secrets: { available: false, resolve: () => Promise.resolve({ status: 'unavailable' }) },
    lookup: instantLookup,
    parser: new RetorquereBibliographyParser(),
    tokens: new AesGcmSealedTokens(),
    held: new HeldChecks(),
  });
  const context = { signal: new AbortController().signal, reportProgress: () => {} };

  // 200 references: the labelled set's correct and perturbed ones, then invented ones up to 200.
  const chosen = [...set.references.filter((entry) => entry.label !== 'invented'), ...set.references.filter((entry) => entry.label === 'invented')]
    .slice(0, 200)
    .map((entry) => entry.reference);
  const unbraced = (text) => String(text).replace(/[{}]/gu, '');
  const inputs = {
    bibtex: chosen
      .map(
        (r, i) =>
          `@article{r${i},\n  title = {${unbraced(r.title)}},\n  author = {${r.authors.map(unbraced).join(' and ')}},\n  year = {${r.year}},${r.venue ? `\n  journal = {${unbraced(r.venue)}},` : ''}${r.doi ? `\n  doi = {${r.doi}},` : ''}\n}`,
      )
      .join('\n\n'),
    ris: chosen
      .map((r) =>
        [
          'TY  - JOUR',
          `TI  - ${r.title}`,
          ...r.authors.map((a) => `AU  - ${a}`),
          `PY  - ${r.year}`,
          ...(r.venue ? [`JO  - ${r.venue}`] : []),
          ...(r.doi ? [`DO  - ${r.doi}`] : []),
          'ER  - ',
        ].join('\n'),
      )
      .join('\n'),
    'csl-json': JSON.stringify(
      chosen.map((r) => ({
        title: r.title,
        author: r.authors.map((a) => ({ literal: a })),
        issued: { 'date-parts': [[r.year]] },
        'container-title': r.venue,
        DOI: r.doi,
      })),
    ),
    text: chosen.map((r) => `${r.authors.join(', ')} (${r.year}). ${r.title}. ${r.venue ?? ''}${r.doi ? ` https://doi.org/${r.doi}` : ''}`).join('\n'),
    objects: chosen,
  };

  async function cpuOf(references) {
    const before = process.cpuUsage();
    const result = await checkReferences({ references, page_size: 25 }, deps(), context);
    const used = process.cpuUsage(before);
    if (!result.ok || result.value.summary.references !== 200) throw new Error('the check did not read 200 references');
    return { ms: (used.user + used.system) / 1000, verified: result.value.summary.verified };
  }

  const runs = smoke ? 2 : 11;
  const formats = [];
  for (const [format, references] of Object.entries(inputs)) {
    const cold = await cpuOf(references);
    const warm = [];
    for (let run = 1; run < runs; run++) warm.push((await cpuOf(references)).ms);
    formats.push({ format, coldMs: cold.ms, warmMs: median(warm), verified: cold.verified });
  }

  const KIB = 1024;
  const hostile = {
    'a 100 KiB single BibTeX reference (title)': `@article{k, title={${'word '.repeat(20 * KIB)}}, year={2000}}`,
    'a 100 KiB single BibTeX reference (abstract)': `@article{k, title={Fine title}, year={2001}, abstract={${'lorem ipsum '.repeat(8 * KIB)}}}`,
    '256 KiB of unbalanced braces': `@article{k, title={${'{'.repeat(256 * KIB - 20)}`,
    '256 KiB of @ signs (as BibTeX)': '@'.repeat(256 * KIB),
    'deep CSL-JSON, 256 KiB': `${'['.repeat(128 * KIB)}${']'.repeat(128 * KIB)}`,
    'a 100 KiB RIS reference': `TY  - JOUR\nTI  - ${'word '.repeat(20 * KIB)}\nER  - \n`,
  };
  const parser = new RetorquereBibliographyParser();
  const steps = [];
  for (const [name, text] of Object.entries(hostile)) {
    const longest = [];
    let total = 0;
    for (let run = 0; run < (smoke ? 1 : 5); run++) {
      const task = readReferences(text, name.includes('@ signs') ? 'bibtex' : undefined, parser);
      let worst = 0;
      const start = performance.now();
      for (;;) {
        const stepStart = performance.now();
        const step = task.next();
        worst = Math.max(worst, performance.now() - stepStart);
        if (step.done) break;
      }
      total = performance.now() - start;
      longest.push(worst);
    }
    steps.push({ input: name, longestMs: median(longest), wholeMs: total });
  }
  return { formats, steps };
}

/**
 * One pass of measurement (k).
 * @returns {Promise<{implemented: true, smoke: boolean, formats: object[], steps: object[], paced: object}>}
 */
export async function runReferenceCheck({ smoke = false, paced = true } = {}) {
  const { formats, steps } = await checkingCpu(smoke);
  // A smoke run only keeps the harness working: three references, a few seconds of pacing.
  return { implemented: true, smoke, formats, steps, ...(paced ? { paced: await pacedCheck({ count: smoke ? 3 : 200 }) } : {}) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { describeMachine, loadAverage } = await import('../lib/machine.mjs');
  const start = loadAverage();
  const result = await runReferenceCheck({ smoke: process.argv.includes('--smoke'), paced: !process.argv.includes('--cpu-only') });
  const machine = describeMachine();
  process.stdout.write(
    [
      `Run by \`node bench/suites/reference-check.mjs\` on ${new Date().toISOString()}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${start.join(' / ')} at start, ${loadAverage().join(' / ')} at end.`,
      '',
      renderReferenceCheck(result),
      '',
    ].join('\n'),
  );
}
