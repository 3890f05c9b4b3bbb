import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../src/domain/evidence-snapshot/evidence-snapshot-input.js';
import { encodeEvidenceSnapshot } from '../../../src/domain/evidence-snapshot/evidence-snapshot.js';
import { mergeSearchResults } from '../../../src/domain/literature-search/merge-search-results.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';

describe('the evidence snapshot keeps the steering fields of a search as given (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
  const results = mergeSearchResults(
    [
      {
        provider: 'openalex',
        records: [
          {
            title: 'A retracted study',
            doi: '10.1/r',
            year: 2019,
            abstract: 'An abstract with "quotes", \\ and ünïcode 证据.',
            cited_by_count: 0,
            open_access_url: 'https://example.org/r.pdf',
            retracted: true,
          },
        ],
      },
    ],
    'retracted study',
    10,
    { includeAbstracts: true },
  );

  it('writes abstract, cited_by_count, open_access_url and retracted unchanged, under both redaction rules', () => {
    const parsed = parseArguments(evidenceSnapshotInput(), { query: 'q', results }, evidenceMessagePrecedence);
    assert.ok(parsed.ok);
    const encoded = finishNow(encodeEvidenceSnapshot(parsed.value));
    assert.ok(encoded.ok);
    const snapshot = JSON.parse(encoded.value) as { results: Record<string, unknown>[] };
    const [record] = snapshot.results;
    assert.equal(record?.['abstract'], results[0]?.abstract);
    assert.equal(record?.['cited_by_count'], 0);
    assert.equal(record?.['open_access_url'], 'https://example.org/r.pdf');
    assert.equal(record?.['retracted'], true);
    assert.deepEqual(redactCredentials(snapshot), snapshot, 'the standard rule removes none of them either');
  });
});
