import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, ToolRegistryId } from '../../src/index.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { quietContext } from '../support/use-cases.js';

const CONFIG_TOOLS = ['qiongli_save_provider_config', 'qiongli_configure_provider', 'qiongli_open_config_wizard'] as const;
const VALID_ARGS: Record<(typeof CONFIG_TOOLS)[number], Record<string, unknown>> = {
  qiongli_save_provider_config: { provider: 'openalex', field: 'api_key', value: 'k' },
  qiongli_configure_provider: { provider: 'openalex' },
  qiongli_open_config_wizard: {},
};

const registry = createContainer('lite', { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable() }).get(ToolRegistryId);

/** Says where a key goes: the terminal command, or the Standard profile's setup page; and that the chat is not the place. */
const pointsTheWay = (text: string): void => {
  assert.match(text, /qiongli config set-key <provider>/, text);
  assert.match(text, /setup page of the Standard profile/, text);
  assert.match(text, /never (be sent|ask for a key|in the chat)|must never be sent/, text);
};

describe("Lite's configuration tools point the way to where a key goes (issue 25, row 2)", () => {
  for (const name of CONFIG_TOOLS) {
    it(`${name}: its description names the terminal command and the Standard setup page, and invites no key in the chat`, () => {
      const tool = registry.find(name)!;
      pointsTheWay(tool.description);
      assert.doesNotMatch(tool.description, /Validate a provider setting|API key or contact email/);
    });

    it(`${name}: a valid call answers capability-unavailable with a static message that points the way`, async () => {
      const tool = registry.find(name)!;
      const answer = await tool.run(tool.input.parse(VALID_ARGS[name]), quietContext());
      assert.equal(answer.ok, false);
      if (answer.ok || answer.error.kind !== 'tool_error') return assert.fail('a tool error');
      assert.equal(answer.error.reasonCode, 'capability-unavailable');
      pointsTheWay(answer.error.message);
      assert.ok(!answer.error.message.includes('k"') && !/openalex/.test(answer.error.message), 'static: no argument echoed');
    });
  }
});
