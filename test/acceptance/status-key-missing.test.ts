import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN } from '../support/built-program.js';
import { startPrivateSecretService, type PrivateSecretService } from '../support/private-secret-service.js';
import { exchangeWith, isolatedConfigHome, testEnv } from '../support/run-program.js';
import { call, initialize, initialized } from '../support/messages.js';

const CANARY = 'qiongli-status-canary-5e1f';
const HELD = `qsr1_${'a'.repeat(32)}`;
const GONE = `qsr1_${'b'.repeat(32)}`;
const NO_BUS = 'unix:path=/nonexistent/qiongli-bus';

/** A settings folder naming HELD for OpenAlex and GONE for PubMed (settings copied from another machine). */
function copiedSettings(): string {
  const home = isolatedConfigHome();
  const providers = { openalex: { enabled: true, api_key_ref: HELD }, pubmed: { enabled: true, api_key_ref: GONE } };
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ document_kind: 'qiongli-global-settings', schema_version: 1, revision: 3, providers }), {
    mode: 0o600,
  });
  return home;
}

/** The `access` of both status tools, from the built server. */
async function toolAccess(env: NodeJS.ProcessEnv, profile: string): Promise<unknown[]> {
  const args = ['mcp', 'serve', '--profile', profile, '--transport', 'stdio'];
  const { responses, run } = await exchangeWith(
    { args, env },
    initialize(1),
    initialized,
    call(2, 'qiongli_config_status'),
    call(3, 'qiongli_literature_status'),
  );
  assert.equal(run.code, 0);
  assert.ok(!run.stdout.toString('utf8').includes(CANARY), 'no secret in any answer');
  return [2, 3].map((id) => responses.find((response) => response.id === id).result.structuredContent.access);
}

// Issue 24 row 7: settings naming a key the credential store does not hold said `keyed`.
describe('status tells a key the store lacks from one it holds (issue 24, row 7)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
    const stored = spawnSync('secret-tool', ['store', '--label=qiongli test', 'service', 'qiongli', 'username', HELD], { env: service.env, input: CANARY });
    assert.equal(stored.status, 0);
  });
  after(() => service.stop());

  it('qiongli_config_status and qiongli_literature_status (Lite and Standard): keyed, key_missing', async () => {
    for (const profile of ['lite', 'standard']) {
      const env = testEnv({ ...service.env, QIONGLI_CONFIG_HOME: copiedSettings() });
      for (const access of await toolAccess(env, profile)) {
        assert.deepEqual(access, { openalex: 'keyed', semantic_scholar: 'keyless', crossref: 'keyless', pubmed: 'key_missing', arxiv: 'keyless' }, profile);
      }
    }
  });

  it('qiongli config status: keyed, key_missing, the store reachable', () => {
    const run = spawnSync(process.execPath, [BUILT_BIN, 'config', 'status'], {
      env: { ...service.env, QIONGLI_CONFIG_HOME: copiedSettings() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /credential store: reachable/);
    assert.match(run.stdout, /^openalex +.* keyed$/m);
    assert.match(run.stdout, /^pubmed +.* key_missing$/m);
    assert.ok(!run.stdout.includes(CANARY));
  });

  it('no store reachable: secret_store_unavailable everywhere, and the CLI says so', async () => {
    const env = testEnv({ HOME: isolatedConfigHome(), DBUS_SESSION_BUS_ADDRESS: NO_BUS, QIONGLI_CONFIG_HOME: copiedSettings() });
    for (const access of await toolAccess(env, 'lite')) {
      assert.deepEqual(access, {
        openalex: 'secret_store_unavailable',
        semantic_scholar: 'keyless',
        crossref: 'keyless',
        pubmed: 'secret_store_unavailable',
        arxiv: 'keyless',
      });
    }
    const run = spawnSync(process.execPath, [BUILT_BIN, 'config', 'status'], { env, encoding: 'utf8', timeout: 30_000 });
    assert.match(run.stdout, /credential store: not reachable/);
    assert.match(run.stdout, /^pubmed +.* secret_store_unavailable$/m);
  });
});
