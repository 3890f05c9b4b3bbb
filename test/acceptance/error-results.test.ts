import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exchange } from '../support/run-program.js';
import { call, initialize, modern, toolErrorOf } from '../support/messages.js';

const SAVE = { provider: 'crossref', field: 'email', value: 'someone@example.org' };
const BAD_TASK = { task_id: 1, paper_type: 'review', topic: 'open science' };

/** The two failing calls (a domain failure and invalid arguments) in one revision; their results. */
async function failingCallsIn(revision: string): Promise<any[]> {
  if (revision === '2026-07-28') {
    const { responses } = await exchange(
      modern(1, 'tools/call', { name: 'qiongli_save_provider_config', arguments: SAVE }),
      modern(2, 'tools/call', { name: 'qiongli_task_plan', arguments: BAD_TASK }),
    );
    return responses.map((response) => response.result);
  }
  const { responses } = await exchange(initialize(1, revision), call(2, 'qiongli_save_provider_config', SAVE), call(3, 'qiongli_task_plan', BAD_TASK));
  return responses.slice(1).map((response) => response.result);
}

describe('tool error results (docs/tools.md#errors)', () => {
  for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
    it(`carry the error object as compact JSON text, isError and no structuredContent on ${revision}`, async () => {
      const [save, badTask] = await failingCallsIn(revision);
      const envelopeKeys = revision === '2026-07-28' ? ['_meta', 'resultType'] : [];
      for (const result of [save, badTask]) {
        assert.deepEqual(Object.keys(result).sort(), ['content', 'isError', ...envelopeKeys].sort());
        assert.equal(result.content.length, 1);
        assert.equal(result.content[0].text, JSON.stringify(toolErrorOf(result)), 'compact JSON, keys in order');
      }
      assert.deepEqual(toolErrorOf(save), {
        status: 'error',
        error_kind: 'tool_error',
        reason_code: 'capability-unavailable',
        message:
          'Lite saves no settings from the chat, and an API key must never be sent here. The person sets a key in a terminal with qiongli config set-key <provider> (an email with qiongli config set-email <provider> <address>), or on the setup page of the Standard profile.',
      });
      assert.deepEqual(toolErrorOf(badTask), {
        status: 'error',
        error_kind: 'invalid_arguments',
        reason_code: 'invalid-arguments',
        message: 'task_id must be a string',
      });
    });
  }
});
