import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HeldChecks } from '../../../src/domain/reference-check/check-cursor.js';
import { checkReferencesOutput } from '../../../src/domain/reference-check/check-output.js';
import { CHECK_MESSAGES } from '../../../src/domain/reference-check/reference-check-input.js';
import { configUnavailableMessage } from '../../../src/domain/shared/settings-rule-messages.js';
import { FakeConfigSource, onlyEnabled } from '../../fakes/config-source.fake.js';
import { check, checkDeps, labelledSet, recordingContext, value, worldSources } from './check-support.js';

const SET = labelledSet();
const SOURCES = worldSources(SET);
const CORRECT = SET.references.filter((entry) => entry.label === 'correct').map((entry) => entry.reference);
const BRAN = SET.world.openalex[0]!;

describe('the reference check use case (docs/tools.md#qiongli_literature_check_references)', () => {
  it('checks each input format end to end', async () => {
    const authors = 'Bran, Andres M. and Cox, Sam';
    const inputs = {
      bibtex: `@article{b, title={${BRAN.title}}, author={${authors}}, year={2024}}`,
      ris: `TY  - JOUR\nTI  - ${BRAN.title}\nAU  - Bran, Andres M.\nPY  - 2024\nER  - \n`,
      'csl-json': JSON.stringify([{ title: BRAN.title, author: [{ family: 'Bran', given: 'Andres M.' }], issued: { 'date-parts': [[2024]] } }]),
      text: `Bran, A. M., Cox, S. (2024). ${BRAN.title}. Nature Machine Intelligence.`,
    };
    for (const [format, references] of Object.entries(inputs)) {
      const { deps } = checkDeps(SOURCES);
      const detected = value(await check({ references }, deps));
      const named = value(await check({ references, format }, checkDeps(SOURCES).deps));
      assert.equal(detected.checks[0]?.verdict, 'verified', format);
      assert.deepEqual(named.checks, detected.checks, format);
      assert.ok(checkReferencesOutput().safeParse(detected).success);
    }
  });

  it('pages the checks: the summary covers all, a cursor page asks no source again, the last page has no cursor', async () => {
    const { deps, lookup } = checkDeps(SOURCES);
    const references = CORRECT.slice(0, 60);
    const first = value(await check({ references, page_size: 25 }, deps));
    assert.deepEqual([first.summary.references, first.summary.verified, first.checks.length], [60, 60, 25]);
    const asked = lookup.calls.length;
    const second = value(await check({ references, page_size: 25, cursor: first.next_cursor }, deps));
    const third = value(await check({ references, page_size: 25, cursor: second.next_cursor }, deps));
    assert.equal(lookup.calls.length, asked);
    assert.deepEqual(
      [...first.checks, ...second.checks, ...third.checks].map((entry) => entry.index),
      Array.from({ length: 60 }, (_, index) => index),
    );
    assert.equal(third.next_cursor, undefined);
    assert.deepEqual(second.summary, first.summary);
  });

  it('refuses a cursor used with other references, altered, or whose check is no longer held, with one static message', async () => {
    const { deps } = checkDeps(SOURCES, { held: new HeldChecks(1) });
    const references = CORRECT.slice(0, 3);
    const first = value(await check({ references, page_size: 1 }, deps));
    const cursor = first.next_cursor!;
    for (const args of [
      { references: CORRECT.slice(1, 4), page_size: 1, cursor },
      { references, page_size: 1, cursor: `${cursor.slice(0, -2)}AA` },
      { references, page_size: 1, cursor, providers: ['crossref'] },
    ]) {
      assert.deepEqual(await check(args, deps), { ok: false, message: CHECK_MESSAGES.cursorInvalid });
    }
    value(await check({ references: CORRECT.slice(5, 7), page_size: 1 }, deps)); // a second held check drops the first
    assert.deepEqual(await check({ references, page_size: 1, cursor }, deps), { ok: false, message: CHECK_MESSAGES.cursorInvalid });
  });

  it('reports progress once per reference', async () => {
    const { deps } = checkDeps(SOURCES);
    const { progress, context } = recordingContext();
    value(await check({ references: CORRECT.slice(0, 7) }, deps, context));
    assert.deepEqual(
      progress,
      Array.from({ length: 7 }, (_, index) => [index + 1, 7]),
    );
  });

  it('stops asking when the call is cancelled: the references not started stay unchecked', async () => {
    const slow = Object.fromEntries(Object.entries(SOURCES).map(([source, known]) => [source, { ...known, delayMs: 20 }]));
    const { deps, lookup } = checkDeps(slow);
    const controller = new AbortController();
    const { context } = recordingContext(controller.signal);
    setTimeout(() => controller.abort(), 30);
    const result = value(await check({ references: CORRECT.slice(0, 40) }, deps, context));
    assert.ok(result.summary.unchecked >= 30, JSON.stringify(result.summary));
    assert.ok(lookup.calls.length < 40);
  });

  it('goes on when one source fails: the others decide, the diagnostics say which failed and how often', async () => {
    const { deps } = checkDeps({ ...SOURCES, crossref: { ...SOURCES.crossref, failure: 'rate_limited' } });
    const fromS2 = SET.references.filter((entry) => entry.label === 'correct' && entry.source === 'semantic_scholar').map((entry) => entry.reference);
    const result = value(await check({ references: fromS2.slice(0, 5) }, deps));
    assert.equal(result.status, 'warning');
    assert.equal(result.diagnostics.status, 'partial');
    const crossref = result.diagnostics.providers.crossref!;
    assert.deepEqual([crossref.status, crossref.error_kind, crossref.failed > 0], ['error', 'rate_limited', true]);
    assert.equal(crossref.requests, crossref.asked);
    assert.ok(result.diagnostics.providers.semantic_scholar!.requests > 0);
    assert.ok(result.checks.some((entry) => entry.verdict === 'verified'));
  });

  it('checks nothing and asks nothing when no source is enabled', async () => {
    const { deps, lookup } = checkDeps(SOURCES, { config: FakeConfigSource.available(onlyEnabled({})) });
    const result = value(await check({ references: CORRECT.slice(0, 2) }, deps));
    assert.deepEqual([result.status, result.diagnostics.status, result.summary.unchecked], ['warning', 'not_run', 2]);
    assert.equal(lookup.opened.length, 0);
  });

  it('asks only the sources named in providers', async () => {
    const { deps, lookup } = checkDeps(SOURCES);
    value(await check({ references: CORRECT.slice(0, 2), providers: ['semantic_scholar'] }, deps));
    assert.deepEqual([...new Set(lookup.opened.map((session) => session.source))], ['semantic_scholar']);
  });

  it('fails with static messages that hold nothing of the input', async () => {
    const marker = 'SECRET-MARKER-<script>';
    const cases: [Record<string, unknown>, string][] = [
      [{ references: Array.from({ length: 201 }, () => ({ title: marker })) }, CHECK_MESSAGES.referencesTooMany],
      [{ references: Array.from({ length: 201 }, (_, i) => `${marker} ${i}`).join('\n') }, CHECK_MESSAGES.referencesTooMany],
      [{ references: `${marker}${'x'.repeat(256 * 1024)}` }, CHECK_MESSAGES.referencesTooLarge],
      [{ references: [{ title: marker }], format: 'text' }, CHECK_MESSAGES.formatWithList],
      [{ references: [{ title: marker, colour: marker }] }, CHECK_MESSAGES.referenceField],
      [{ references: [{ title: marker, year: marker }] }, CHECK_MESSAGES.referenceYear],
      [{ references: marker, format: marker }, CHECK_MESSAGES.format],
      [{ references: marker, providers: [marker] }, CHECK_MESSAGES.providerUnsupported],
      [{ references: marker, cursor: marker }, CHECK_MESSAGES.cursorInvalid],
      [{ references: `@comment{${marker}}` }, CHECK_MESSAGES.referencesNone],
      [{ references: marker, page_size: 0 }, CHECK_MESSAGES.pageSizeRange],
    ];
    for (const [args, message] of cases) {
      const outcome = await check(args, checkDeps(SOURCES).deps);
      assert.deepEqual(outcome, { ok: false, message }, message);
    }
    const unavailable = await check({ references: marker }, checkDeps(SOURCES, { config: FakeConfigSource.unavailable('not-json') }).deps);
    assert.deepEqual(unavailable, { ok: false, message: configUnavailableMessage('not-json') });
  });

  it('reads hostile input without failing: each unreadable reference is reported, nothing of it echoed', async () => {
    const { deps } = checkDeps(SOURCES);
    const references = `@article{a, title={${'{'.repeat(100_000)}}\n@article{b, title={ok \u0000 fine}, author={A, B}, year={2001}}\n${'@'.repeat(1000)}`;
    const result = value(await check({ references }, deps));
    assert.deepEqual(
      result.checks.map((entry) => entry.verdict),
      ['unreadable', 'not_found'],
    );
    assert.ok(!JSON.stringify(result).includes('{{{{'));
    assert.equal(result.checks[1]?.reference.title, 'ok fine');
  });
});
