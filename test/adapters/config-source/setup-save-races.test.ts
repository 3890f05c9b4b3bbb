import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SettingsFileWriter } from '../../../src/adapters/config-source/settings-file-writer.js';
import { removeKey, setKey } from '../../../src/domain/provider-config-mutation/change-keys.js';
import { clearEmail, setEmail, setEnabled } from '../../../src/domain/provider-config-mutation/change-settings.js';
import type { SettingsChangePorts } from '../../../src/domain/provider-config-mutation/settings-change-ports.js';
import { StoringSetupBackend } from '../../../src/domain/provider-setup/storing-setup-backend.js';
import type { ProviderId } from '../../../src/ports/config-source.port.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { formOver, type Typed } from '../../domain/provider-setup/setup-forms.js';
import { createConfigHome, type ConfigHome } from './config-home.js';

/** The providers the rounds play with: every kind of field (enabled, email, key). */
const PROVIDERS = ['openalex', 'crossref', 'pubmed', 'arxiv'] as const;
type Field = 'enabled' | 'email' | 'key';
const FIELDS: Record<(typeof PROVIDERS)[number], readonly Field[]> = {
  openalex: ['enabled', 'email', 'key'],
  crossref: ['enabled', 'email'],
  pubmed: ['enabled', 'key'],
  arxiv: ['enabled'],
};
type Value = boolean | string | undefined;

describe('a setup page open while a terminal changes the settings (issue 29, row 7)', () => {
  let home: ConfigHome;
  let secrets: FakeSecretStore;
  let ports: SettingsChangePorts;
  let drawn: number;
  beforeEach(async () => {
    home = await createConfigHome();
    secrets = FakeSecretStore.empty();
    drawn = 0;
    const settings = new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base });
    ports = { settings, secrets, newSecretReference: () => `qsr1_${(drawn++).toString(16).padStart(32, '0')}` };
  });
  afterEach(() => home.remove());

  /** What the settings say now, field by field (the key as the secret it names). */
  async function now(): Promise<Record<string, Value>> {
    const draft = await ports.settings.readForChange();
    assert.equal(draft.status, 'available');
    if (draft.status !== 'available') return {};
    const values: Record<string, Value> = {};
    for (const id of PROVIDERS) {
      const entry = draft.settings.providers[id];
      values[`${id}.enabled`] = entry.enabled;
      if (FIELDS[id].includes('email')) values[`${id}.email`] = entry.email;
      if (FIELDS[id].includes('key')) values[`${id}.key`] = entry.apiKeyRef === undefined ? undefined : secrets.peek(entry.apiKeyRef as never);
    }
    return values;
  }

  /** The terminal's command for one field and value (what `qiongli config` runs). */
  const terminal = (id: ProviderId, field: Field, value: Value) => {
    if (field === 'enabled') return setEnabled(ports, id, value as boolean);
    if (field === 'email') return value === undefined ? clearEmail(ports, id) : setEmail(ports, id, value as string);
    return value === undefined ? removeKey(ports, id) : setKey(ports, id, value as string);
  };

  it('the exact report: disable and set-email in a terminal, then a key typed on the page: all three stay', async () => {
    await setEmail(ports, 'openalex', 'old@example.org');
    const page = new StoringSetupBackend(ports);
    const shown = await page.state();
    assert.equal((await setEnabled(ports, 'openalex', false)).status, 'saved');
    assert.equal((await setEmail(ports, 'openalex', 'new@example.org')).status, 'saved');
    const results = await page.save(formOver(shown, { openalex: { enabled: true, email: 'old@example.org', apiKey: 'OPENALEX-KEY-1' } }));
    assert.deepEqual(results, [
      { provider: 'openalex', field: 'enabled', outcome: 'unchanged' },
      { provider: 'openalex', field: 'email', outcome: 'unchanged' },
      { provider: 'openalex', field: 'api_key', outcome: 'saved' },
    ]);
    const after = await now();
    assert.deepEqual([after['openalex.enabled'], after['openalex.email'], after['openalex.key']], [false, 'new@example.org', 'OPENALEX-KEY-1']);
  });

  it('refuses with "the settings changed while this page was open" a field the person and the terminal both changed', async () => {
    const page = new StoringSetupBackend(ports);
    const shown = await page.state();
    await setEmail(ports, 'crossref', 'terminal@example.org');
    const results = await page.save(formOver(shown, { crossref: { enabled: true, email: 'page@example.org' } }));
    assert.deepEqual(results[1], { provider: 'crossref', field: 'email', outcome: 'failed', failure: 'settings-changed' });
    assert.equal((await now())['crossref.email'], 'terminal@example.org');
  });

  it('200 random rounds: a field the person did not touch is never reverted; a touched one is saved or refused, never both changed silently', async () => {
    let seed = 29;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed >>> 16) % n;
    };
    const pick = <T>(values: readonly T[]): T => values[random(values.length)] as T;
    const valueFor = (field: Field, round: number, who: string): Value =>
      field === 'enabled'
        ? random(2) === 0
        : random(3) === 0
          ? undefined
          : field === 'email'
            ? `${who}${round}@example.org`
            : `${who.toUpperCase()}-KEY-${round}`;
    let refusals = 0;
    for (let round = 0; round < 200; round += 1) {
      const page = new StoringSetupBackend(ports);
      const shown = await page.state();
      const before = await now();
      // The person changes up to three fields on the page: `wants` holds what they asked for.
      const typed: Partial<Record<ProviderId, Typed>> = {};
      const wants = new Map<string, Value>();
      for (const id of PROVIDERS)
        typed[id] = { enabled: shown.providers[id].enabled, ...(FIELDS[id].includes('email') ? { email: shown.providers[id].email ?? '' } : {}) };
      for (let n = random(4); n > 0; n -= 1) {
        const id = pick(PROVIDERS);
        const field = pick(FIELDS[id]);
        const name = `${id}.${field}`;
        const value = valueFor(field, round, 'page');
        const change = typed[id] as { enabled: boolean; email?: string; apiKey?: string; removeKey?: boolean };
        if (field === 'enabled') change.enabled = value as boolean;
        else if (field === 'email') change.email = (value as string | undefined) ?? '';
        else {
          delete change.apiKey;
          delete change.removeKey;
          if (value === undefined) change.removeKey = true;
          else change.apiKey = value as string;
        }
        // A typed key is always a change; anything else only when it differs from what the page showed.
        if ((field === 'key' && value !== undefined) || value !== before[name]) wants.set(name, value);
        else wants.delete(name);
      }
      // Meanwhile the terminal changes up to two fields.
      for (let n = random(3); n > 0; n -= 1) {
        const id = pick(PROVIDERS);
        const field = pick(FIELDS[id]);
        await terminal(id, field, valueFor(field, round, 'term'));
      }
      const middle = await now();
      const results = await page.save(formOver(shown, typed));
      const after = await now();
      for (const [name, value] of Object.entries(after)) {
        const [id, field] = name.split('.') as [ProviderId, Field];
        const result = results.find((entry) => entry.provider === id && entry.field === (field === 'key' ? 'api_key' : field));
        // The page shows a key only as set or not: that is all it can see change elsewhere.
        const elsewhere = field === 'key' ? (middle[name] === undefined) !== (before[name] === undefined) : middle[name] !== before[name];
        if (!wants.has(name)) {
          assert.deepEqual(value, middle[name], `round ${round}: ${name}, which the person did not change, stays as the terminal left it`);
          assert.equal(result?.outcome, 'unchanged', `round ${round}: ${name}`);
        } else if (elsewhere) {
          assert.deepEqual(result?.failure, 'settings-changed', `round ${round}: ${name} changed on both sides is refused`);
          assert.deepEqual(value, middle[name], `round ${round}: ${name} keeps the terminal's change`);
          refusals += 1;
        } else {
          assert.ok(result?.outcome === 'saved' || result?.outcome === 'removed', `round ${round}: ${name} ${JSON.stringify(result)}`);
          assert.deepEqual(value, wants.get(name), `round ${round}: ${name} holds what the person asked for`);
        }
      }
    }
    assert.ok(refusals > 0, 'some rounds met a field both changed');
  });
});
