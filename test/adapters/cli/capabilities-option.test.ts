import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { liteDefaultGrants, parseCapabilities } from '../../../src/adapters/cli/capabilities-option.js';
import { isWellFormedArgument } from '../../../src/adapters/cli/argument-encoding.js';
import { USAGE_MESSAGES } from '../../../src/adapters/cli/usage-messages.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';

describe('parseCapabilities (docs/command-line.md)', () => {
  it('grants Lite every group but the opt-in graph, fulltext and verify, in SPEC order, when the option is absent (docs/command-line.md)', () => {
    assert.deepEqual([...liteDefaultGrants()], ['config', 'literature', 'evidence', 'zotero', 'orchestration']);
  });

  it('knows the opt-in groups graph, fulltext and verify after the five, then the Standard-only zotero-library (docs/command-line.md)', () => {
    assert.deepEqual(
      [...ALL_CAPABILITY_GROUPS],
      ['config', 'literature', 'evidence', 'zotero', 'orchestration', 'graph', 'fulltext', 'verify', 'zotero-library'],
    );
  });

  it('returns the named groups in SPEC order (docs/command-line.md)', () => {
    const parsed = parseCapabilities('zotero,config');
    assert.deepEqual(parsed.ok && [...parsed.value], ['config', 'zotero']);
  });

  it('accepts each group on its own (docs/command-line.md)', () => {
    for (const group of ALL_CAPABILITY_GROUPS) {
      const parsed = parseCapabilities(group);
      assert.deepEqual(parsed.ok && [...parsed.value], [group]);
    }
  });

  it('reports the first failing item from the left (docs/command-line.md)', () => {
    assert.deepEqual(parseCapabilities('bogus,,config,config'), { ok: false, error: USAGE_MESSAGES.unknownCapabilityGroup });
    assert.deepEqual(parseCapabilities('config,config,,bogus'), { ok: false, error: USAGE_MESSAGES.repeatedCapabilityGroup });
  });

  it('does not treat inherited object keys as groups (docs/command-line.md)', () => {
    assert.deepEqual(parseCapabilities('toString'), { ok: false, error: USAGE_MESSAGES.unknownCapabilityGroup });
    assert.deepEqual(parseCapabilities('__proto__'), { ok: false, error: USAGE_MESSAGES.unknownCapabilityGroup });
  });
});

describe('isWellFormedArgument (docs/command-line.md)', () => {
  it('accepts ASCII, non-ASCII text and surrogate pairs (docs/command-line.md)', () => {
    for (const text of ['lite', '', 'lité', '穷理', '\u{1F4DA}']) assert.equal(isWellFormedArgument(text), true, text);
  });

  it('rejects U+FFFD, which Node substitutes for undecodable argv bytes (docs/command-line.md)', () => {
    assert.equal(isWellFormedArgument('li\uFFFDte'), false);
  });

  it('rejects lone high and low surrogates (docs/command-line.md)', () => {
    assert.equal(isWellFormedArgument('a\uD800'), false);
    assert.equal(isWellFormedArgument('\uDC00a'), false);
    assert.equal(isWellFormedArgument('\uDC00\uD800'), false);
  });
});
