import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LEGACY_REVISIONS, MODERN_REVISION } from '../../../src/adapters/mcp/protocol-constants.js';
import { REVISION_TRAITS } from '../../../src/adapters/mcp/revisions.js';

describe('the revision table (docs/protocol.md#the-legacy-era)', () => {
  it('describes every revision the server speaks, and only those', () => {
    assert.deepEqual(Object.keys(REVISION_TRAITS).sort(), [...LEGACY_REVISIONS, MODERN_REVISION].sort());
  });

  it('gives batches to 2025-03-26 alone, titles and structured content to every later revision, the envelope to the modern one', () => {
    for (const [revision, traits] of Object.entries(REVISION_TRAITS)) {
      assert.equal(traits.batches, revision === '2025-03-26', revision);
      assert.equal(traits.titles, revision !== '2025-03-26', revision);
      assert.equal(traits.structuredContent, revision !== '2025-03-26', revision);
      assert.equal(traits.envelope, revision === MODERN_REVISION, revision);
    }
  });
});
