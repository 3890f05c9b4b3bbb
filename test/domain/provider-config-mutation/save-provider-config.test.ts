import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  saveProviderConfig,
  saveProviderConfigInput,
  saveProviderConfigMessagePrecedence,
  saveProviderConfigOutput,
} from '../../../src/domain/provider-config-mutation/save-provider-config.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { propertyOf, assertClosedJsonSchema } from '../search-plan/schema-assertions.js';

const CANARY = 'sk-live-CANARY-7f3a9c';
const parse = (args: unknown) => parseArguments(saveProviderConfigInput(), args, saveProviderConfigMessagePrecedence);
const invalid = (message: string) => ({ ok: false, error: { kind: 'invalid_arguments', message } });
const WRITES_UNAVAILABLE = {
  ok: false,
  error: {
    kind: 'tool_error',
    reasonCode: 'capability-unavailable',
    message:
      'Lite saves no settings from the chat, and an API key must never be sent here. The person sets a key in a terminal with qiongli config set-key <provider> (an email with qiongli config set-email <provider> <address>), or on the setup page of the Standard profile.',
  },
};

/** Validates like the MCP layer, then runs the use case. */
function call(args: unknown) {
  const parsed = parse(args);
  return parsed.ok ? saveProviderConfig(parsed.value) : parsed;
}

const ALLOWED: readonly [string, string][] = [
  ['openalex', 'api_key'],
  ['openalex', 'api-key'],
  ['openalex', 'email'],
  ...['semantic_scholar', 'semantic-scholar', 'semanticscholar', 's2'].flatMap((p): [string, string][] => [
    [p, 'api_key'],
    [p, 'api-key'],
  ]),
  ['crossref', 'email'],
  ['pubmed', 'api_key'],
  ['pubmed', 'api-key'],
  ['ncbi', 'api_key'],
  ['ncbi', 'api-key'],
];
const REFUSED_PAIRS: readonly [string, string][] = [
  ...['semantic_scholar', 'semantic-scholar', 'semanticscholar', 's2'].map((p): [string, string] => [p, 'email']),
  ['crossref', 'api_key'],
  ['crossref', 'api-key'],
  ['pubmed', 'email'],
  ['ncbi', 'email'],
];

describe('save provider config (docs/tools.md#2-qiongli_save_provider_config)', () => {
  it('answers capability-unavailable for every allowed provider/field pair', () => {
    for (const [provider, field] of ALLOWED) {
      assert.deepEqual(call({ provider, field, value: CANARY }), WRITES_UNAVAILABLE, `${provider}.${field}`);
    }
  });

  it('refuses a pair the provider does not have with "unsupported provider field"', () => {
    for (const [provider, field] of REFUSED_PAIRS) {
      assert.deepEqual(call({ provider, field, value: CANARY }), invalid('unsupported provider field'), `${provider}.${field}`);
    }
  });

  it('refuses arXiv, unknown providers and case variants with "unsupported provider"', () => {
    for (const provider of ['arxiv', 'OpenAlex', 'semantic scholar', 'ncbi ', '']) {
      assert.deepEqual(call({ provider, field: 'api_key', value: CANARY }), invalid('unsupported provider'), provider);
    }
  });

  it('refuses unknown fields with "unsupported provider field"', () => {
    for (const field of ['API_KEY', 'apikey', 'mailto', 'api_key_ref', '']) {
      assert.deepEqual(call({ provider: 'openalex', field, value: CANARY }), invalid('unsupported provider field'), field);
    }
  });

  it('reports an absent or non-string provider, field or value as missing', () => {
    assert.deepEqual(call({ field: 'email', value: CANARY }), invalid('Missing provider'));
    assert.deepEqual(call({ provider: 1, field: 'email', value: CANARY }), invalid('Missing provider'));
    assert.deepEqual(call({ provider: 'crossref', value: CANARY }), invalid('Missing field'));
    assert.deepEqual(call({ provider: 'crossref', field: null, value: CANARY }), invalid('Missing field'));
    assert.deepEqual(call({ provider: 'crossref', field: 'email' }), invalid('Missing value'));
    assert.deepEqual(call({ provider: 'crossref', field: 'email', value: 42 }), invalid('Missing value'));
  });

  it('refuses a blank value with "value must not be empty"', () => {
    for (const value of ['', '   ', '\t\n']) {
      assert.deepEqual(call({ provider: 'crossref', field: 'email', value }), invalid('value must not be empty'));
    }
  });

  it('accepts a value of exactly 64 KiB in UTF-8 bytes and refuses one byte more with "value exceeds the byte limit"', () => {
    assert.deepEqual(call({ provider: 'crossref', field: 'email', value: 'a'.repeat(65_536) }), WRITES_UNAVAILABLE);
    assert.deepEqual(call({ provider: 'crossref', field: 'email', value: 'a'.repeat(65_537) }), invalid('value exceeds the byte limit'));
    // 21,846 three-byte characters = 65,538 bytes, although only 21,846 UTF-16 units.
    assert.deepEqual(call({ provider: 'crossref', field: 'email', value: '€'.repeat(21_846) }), invalid('value exceeds the byte limit'));
  });

  it('checks in the order SPEC lists: provider, field, value, empty, byte limit, provider name, pair', () => {
    assert.deepEqual(call({}), invalid('Missing provider'));
    assert.deepEqual(call({ provider: 'nope' }), invalid('Missing field'));
    assert.deepEqual(call({ provider: 'nope', field: 'nope' }), invalid('Missing value'));
    assert.deepEqual(call({ provider: 'nope', field: 'nope', value: ' ' }), invalid('value must not be empty'));
    assert.deepEqual(call({ provider: 'nope', field: 'nope', value: 'a'.repeat(65_537) }), invalid('value exceeds the byte limit'));
    assert.deepEqual(call({ provider: 'nope', field: 'nope', value: CANARY }), invalid('unsupported provider'));
    assert.deepEqual(call({ provider: 'arxiv', field: 'email', value: CANARY }), invalid('unsupported provider'));
    assert.deepEqual(call({ provider: 'crossref', field: 'nope', value: CANARY }), invalid('unsupported provider field'));
  });

  it('exports the precedence as SPEC lists it, with unknown arguments first', () => {
    assert.deepEqual(saveProviderConfigMessagePrecedence, [
      'Unsupported argument',
      'Missing provider',
      'Missing field',
      'Missing value',
      'value must not be empty',
      'value exceeds the byte limit',
      'unsupported provider',
      'unsupported provider field',
    ]);
  });

  it('refuses an extra argument with "Unsupported argument" before any other check', () => {
    assert.deepEqual(call({ provider: 'crossref', field: 'email', value: CANARY, scope: 'global' }), invalid('Unsupported argument'));
    assert.deepEqual(call({ [CANARY]: true }), invalid('Unsupported argument'));
  });

  it('never shows the value in any answer, valid or not (canary)', () => {
    const answers = [
      ...ALLOWED.map(([provider, field]) => call({ provider, field, value: CANARY })),
      ...REFUSED_PAIRS.map(([provider, field]) => call({ provider, field, value: CANARY })),
      call({ provider: CANARY, field: 'email', value: CANARY }),
      call({ provider: 'crossref', field: CANARY, value: CANARY }),
      call({ provider: 'crossref', field: 'email', value: CANARY.repeat(5_000) }),
      call({ provider: 'crossref', field: 'email', value: CANARY, [CANARY]: CANARY }),
    ];
    for (const answer of answers) {
      assert.equal(answer.ok, false);
      assert.ok(!JSON.stringify(answer).includes(CANARY));
    }
  });

  it('generates JSON Schemas with enums for provider and field and a non-empty string value (docs/tools.md#the-twelve-tools)', () => {
    const input = assertClosedJsonSchema(saveProviderConfigInput(), 'input');
    assert.deepEqual(input['required'], ['provider', 'field', 'value']);
    assert.deepEqual(propertyOf(input, 'provider')['enum'], [
      'openalex',
      'semantic_scholar',
      'semantic-scholar',
      'semanticscholar',
      's2',
      'crossref',
      'pubmed',
      'ncbi',
    ]);
    assert.deepEqual(propertyOf(input, 'field')['enum'], ['api_key', 'api-key', 'email']);
    assert.equal(propertyOf(input, 'value')['type'], 'string');
    assert.equal(propertyOf(input, 'value')['minLength'], 1);
    assertClosedJsonSchema(saveProviderConfigOutput(), 'output');
  });
});
