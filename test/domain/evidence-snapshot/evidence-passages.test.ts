import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { exportEvidenceSnapshot } from '../../../src/domain/evidence-snapshot/evidence-snapshot.js';
import { isPassageEvidence } from '../../../src/domain/evidence-snapshot/evidence-passages.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const TEXT = 'Tumours evade the immune system.';
const SOURCE = 'c'.repeat(64);
const passage = (text = TEXT, extra: Record<string, unknown> = {}) => ({
  id: `s1-p2-${sha256(TEXT).slice(0, 8)}`,
  section_id: 's1',
  text,
  source_sha256: SOURCE,
  licence: 'CC BY 4.0',
  ...extra,
});

describe('passages in an evidence snapshot (docs/tools.md#evidence-from-passages)', () => {
  it('recognises a passage by its shape: a passage id, a text and the source SHA-256', () => {
    assert.equal(isPassageEvidence(passage()), true);
    assert.equal(isPassageEvidence({ ...passage(), source_sha256: undefined, source: { sha256: SOURCE } }), true);
    assert.equal(isPassageEvidence({ ...passage(), source_sha256: 'short' }), false);
    assert.equal(isPassageEvidence({ ...passage(), id: 'W123' }), false);
    assert.equal(isPassageEvidence({ title: 'A record', doi: '10.1/x' }), false);
  });

  it('records exactly which paragraph supported what, and flags a text that no longer matches its id', () => {
    const record = { title: 'A record', doi: '10.1/x' };
    const outcome = exportEvidenceSnapshot(
      { query: 'q', results: [record, passage(), passage('Tumours evade the immune system!', { claim: 'c1' })] },
      { digest: sha256 },
    );
    assert.ok(outcome.ok);
    const [kept, matching, edited] = outcome.value.results as Record<string, any>[];
    assert.deepEqual(kept, record);
    assert.deepEqual(matching!.passage_check, { status: 'text_matches_id', text_sha256: sha256(TEXT) });
    assert.equal(matching!.licence, 'CC BY 4.0');
    assert.equal(matching!.source_sha256, SOURCE);
    assert.deepEqual(edited!.passage_check, { status: 'text_differs_from_id', text_sha256: sha256('Tumours evade the immune system!') });
    assert.equal(edited!.claim, 'c1');
  });

  it('stays deterministic: the same passages give the same bytes', () => {
    const once = exportEvidenceSnapshot({ results: [passage()] }, { digest: sha256 });
    const again = exportEvidenceSnapshot({ results: [{ ...passage() }] }, { digest: sha256 });
    assert.deepEqual(once, again);
  });

  it('leaves passages unchecked without a digest (the snapshot as before)', () => {
    const outcome = exportEvidenceSnapshot({ results: [passage()] });
    assert.ok(outcome.ok);
    assert.equal((outcome.value.results[0] as Record<string, unknown>)['passage_check'], undefined);
  });
});
