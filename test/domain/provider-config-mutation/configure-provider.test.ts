import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  configureProvider,
  configureProviderInput,
  configureProviderMessagePrecedence,
  configureProviderOutput,
} from '../../../src/domain/provider-config-mutation/configure-provider.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { assertClosedJsonSchema, propertyOf } from '../search-plan/schema-assertions.js';

const parse = (args: unknown) => parseArguments(configureProviderInput(), args, configureProviderMessagePrecedence);
const invalid = (message: string) => ({ ok: false, error: { kind: 'invalid_arguments', message } });
const WIZARD_UNAVAILABLE = {
  ok: false,
  error: {
    kind: 'tool_error',
    reasonCode: 'capability-unavailable',
    message:
      'Lite opens no setup page. The person sets an API key in a terminal with qiongli config set-key <provider>, or on the setup page of the Standard profile (qiongli mcp serve --profile standard); never in the chat.',
  },
};

/** Validates like the MCP layer, then runs the use case (both tool names share it). */
function call(args: unknown) {
  const parsed = parse(args);
  return parsed.ok ? configureProvider(parsed.value) : parsed;
}

describe('configure provider / open config wizard (docs/tools.md#3-qiongli_configure_provider/#4)', () => {
  it('answers capability-unavailable for valid input, with or without arguments', () => {
    assert.deepEqual(call({}), WIZARD_UNAVAILABLE);
    for (const provider of ['openalex', 'semantic_scholar', 'semantic-scholar', 'semanticscholar', 's2', 'crossref', 'pubmed']) {
      assert.deepEqual(call({ provider }), WIZARD_UNAVAILABLE, provider);
    }
    assert.deepEqual(call({ provider: 'crossref', host: 'localhost', port: 65_535 }), WIZARD_UNAVAILABLE);
  });

  it('defaults host to 127.0.0.1 and port to 0', () => {
    assert.deepEqual(parse({}), { ok: true, value: { host: '127.0.0.1', port: 0 } });
  });

  it('refuses a provider that is not a string with "provider must be a string"', () => {
    for (const provider of [1, null, ['openalex'], { id: 'openalex' }]) {
      assert.deepEqual(call({ provider }), invalid('provider must be a string'));
    }
  });

  it('refuses ncbi, arxiv and unknown providers with "unsupported provider"', () => {
    for (const provider of ['ncbi', 'arxiv', 'OpenAlex', '']) assert.deepEqual(call({ provider }), invalid('unsupported provider'), provider);
  });

  it('refuses a host that is not a string with "host must be a string"', () => {
    assert.deepEqual(call({ host: 127001 }), invalid('host must be a string'));
  });

  it('refuses every host but 127.0.0.1 and localhost with "wizard host must be loopback"', () => {
    for (const host of ['0.0.0.0', '::1', 'LOCALHOST', '127.0.0.2', 'example.org', ' localhost', '']) {
      assert.deepEqual(call({ host }), invalid('wizard host must be loopback'), host);
    }
  });

  it('accepts ports 0 and 65535 and refuses -1, 65536, fractions and non-numbers with "port must be between 0 and 65535"', () => {
    assert.deepEqual(call({ port: 0 }), WIZARD_UNAVAILABLE);
    assert.deepEqual(call({ port: 65_535 }), WIZARD_UNAVAILABLE);
    for (const port of [-1, 65_536, 8080.5, '8080', true, null]) {
      assert.deepEqual(call({ port }), invalid('port must be between 0 and 65535'), String(port));
    }
  });

  it('reports provider before host before port, and unknown arguments first', () => {
    assert.deepEqual(call({ provider: 5, host: 'example.org', port: -1 }), invalid('provider must be a string'));
    assert.deepEqual(call({ provider: 'ncbi', host: 5, port: -1 }), invalid('unsupported provider'));
    assert.deepEqual(call({ host: 5, port: -1 }), invalid('host must be a string'));
    assert.deepEqual(call({ host: 'example.org', port: -1 }), invalid('wizard host must be loopback'));
    assert.deepEqual(call({ provider: 5, open_browser: true }), invalid('Unsupported argument'));
  });

  it('never shows an argument value in an answer (canary)', () => {
    const canary = 'CANARY-wizard-41b7';
    for (const args of [{ provider: canary }, { host: canary }, { port: canary }, { [canary]: canary }]) {
      assert.ok(!JSON.stringify(call(args)).includes(canary));
    }
  });

  it('generates JSON Schemas with enums for provider and host and an integer port 0–65535 (docs/tools.md#the-twelve-tools)', () => {
    const input = assertClosedJsonSchema(configureProviderInput(), 'input');
    assert.equal(input['required'], undefined);
    assert.deepEqual(propertyOf(input, 'provider')['enum'], [
      'openalex',
      'semantic_scholar',
      'semantic-scholar',
      'semanticscholar',
      's2',
      'crossref',
      'pubmed',
    ]);
    assert.deepEqual(propertyOf(input, 'host')['enum'], ['127.0.0.1', 'localhost']);
    assert.equal(propertyOf(input, 'host')['default'], '127.0.0.1');
    const port = propertyOf(input, 'port');
    assert.deepEqual([port['type'], port['minimum'], port['maximum'], port['default']], ['integer', 0, 65_535, 0]);
    assertClosedJsonSchema(configureProviderOutput(), 'output');
  });
});
