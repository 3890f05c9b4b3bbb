import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OsKeyringSecretStore, locateKeyringModule } from '../../../src/adapters/secret-store/index.js';
import { labelSecretServiceItem } from '../../../src/adapters/secret-store/secret-service-label.js';
import { sessionBusPath } from '../../../src/adapters/secret-store/session-store-reachable.js';
import { startPrivateSecretService, type PrivateSecretService } from '../../support/private-secret-service.js';

const REF = `qsr1_${'e'.repeat(32)}`;

/** Every item of service qiongli as secret-tool lists it: label, secret and attributes. */
const listed = (service: PrivateSecretService): string => {
  const run = spawnSync('secret-tool', ['search', '--all', 'service', 'qiongli'], { env: service.env, encoding: 'utf8' });
  return run.stdout + run.stderr; // secret-tool prints the attributes on stderr
};

// Issue 25 row 10: keyring entries were labelled `keyring:qsr1_…@qiongli`, naming no provider.
describe('the Secret Service label names the provider (issue 25, row 10)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
    Object.assign(process.env, service.env);
  });
  after(() => service.stop());

  it('a key stored with a description is labelled with it; service and username stay, and the key reads back', async () => {
    const store = new OsKeyringSecretStore({ locate: locateKeyringModule });
    assert.deepEqual(await store.store(REF, 'the-key', 'OpenAlex API key'), { status: 'done' });
    const item = listed(service);
    assert.match(item, new RegExp(`^label = Qiongli: OpenAlex API key \\(${REF}\\)$`, 'm'));
    assert.match(item, /^attribute\.service = qiongli$/m);
    assert.match(item, new RegExp(`^attribute\\.username = ${REF}$`, 'm'));
    assert.equal(service.lookup(REF), 'the-key');
    assert.deepEqual(await store.resolve(REF), { status: 'resolved', value: 'the-key' });
  });

  it('answers false, at once, for an item that is not there', async () => {
    assert.equal(await labelSecretServiceItem('qiongli', `qsr1_${'f'.repeat(32)}`, 'x'), false);
  });
});

describe('the label client against buses that misbehave', () => {
  const folder = mkdtempSync(join(tmpdir(), 'qiongli-bus-'));
  const servers: Server[] = [];
  after(() => {
    for (const server of servers) server.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const bus = async (name: string, onConnection: (socket: import('node:net').Socket) => void): Promise<string> => {
    const path = join(folder, name);
    const server = createServer(onConnection);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(path, resolve));
    return path;
  };

  it('a bus that never answers: false within the timeout; one that refuses authentication: false at once', async () => {
    const silent = await bus('silent', () => undefined);
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    try {
      process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${silent}`;
      let started = Date.now();
      assert.equal(await labelSecretServiceItem('qiongli', REF, 'x', 300), false);
      assert.ok(Date.now() - started < 1_500);
      const refusing = await bus('refusing', (socket) => socket.on('data', () => socket.write('REJECTED EXTERNAL\r\n')));
      process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${refusing}`;
      started = Date.now();
      assert.equal(await labelSecretServiceItem('qiongli', REF, 'x', 5_000), false);
      assert.ok(Date.now() - started < 1_500);
      process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(folder, 'absent')}`;
      assert.equal(await labelSecretServiceItem('qiongli', REF, 'x'), false);
    } finally {
      process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });

  it('finds the bus socket the environment names', () => {
    const linux = (env: NodeJS.ProcessEnv) => sessionBusPath({ platform: 'linux', env });
    assert.equal(linux({ DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x,guid=1' }), '\0/tmp/dbus-x');
    assert.equal(linux({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${folder},guid=1` }), folder);
    assert.equal(linux({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }), undefined);
    assert.equal(linux({ XDG_RUNTIME_DIR: '/nonexistent' }), undefined);
    assert.equal(sessionBusPath({ platform: 'darwin', env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${folder}` } }), undefined);
  });
});
