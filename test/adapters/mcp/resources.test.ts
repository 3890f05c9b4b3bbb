import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHeldResources } from '../../../src/adapters/held-resources/index.js';
import { LinkedAnswer } from '../../../src/domain/shared/file-delivery.js';
import { success } from '../../../src/domain/shared/result.js';
import { initialize, modern, request } from '../../support/messages.js';
import { connect, controllableTool, tick } from './connection-support.js';

const FILE = {
  name: 'references.ris',
  title: 'RIS records',
  mimeType: 'application/x-research-info-systems',
  text: 'TY  - JOUR\nTI  - A "quoted" title 证据\nER  - \n',
};

/** A connection whose task-plan tool holds {@link FILE} and answers its facts with a link to it. */
function linkingConnection(revision: string) {
  const held = new InMemoryHeldResources();
  const tool = controllableTool('qiongli_task_plan', () => {
    const resource = held.hold(FILE)!;
    return success(new LinkedAnswer({ status: 'ok', files: [{ name: resource.name, uri: resource.uri, sha256: resource.sha256 }] }, [resource]));
  });
  return { held, ...connect([tool], revision, { heldResources: held }) };
}

const callTool = (revision: string, id: number) =>
  revision === '2026-07-28' ? modern(id, 'tools/call', { name: 'qiongli_task_plan', arguments: {} }) : request(id, 'tools/call', { name: 'qiongli_task_plan' });
const send = (revision: string, id: number, method: string, params: Record<string, unknown> = {}) =>
  revision === '2026-07-28' ? modern(id, method, params) : request(id, method, params);

describe('resources: the files tools hold, read through resources/read (docs/protocol.md#resources)', () => {
  it('declares the resources capability in both eras', () => {
    const { transport } = connect([], '2026-07-28');
    transport.receive(modern(1, 'server/discover'));
    assert.deepEqual(transport.responseTo(1).result.capabilities, { tools: {}, resources: {} });
    for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const legacy = connect([], revision);
      assert.deepEqual(legacy.transport.responseTo(0).result.capabilities, {
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
      });
    }
  });

  for (const revision of ['2025-03-26', '2025-11-25', '2026-07-28']) {
    it(`links a held file after the text and reads it back on ${revision}; text and structuredContent stay equal`, async () => {
      const { transport } = linkingConnection(revision);
      transport.receive(callTool(revision, 1));
      const { result } = transport.responseTo(1);
      const [text, ...links] = result.content;
      const facts = JSON.parse(text.text);
      if (revision === '2025-03-26') assert.deepEqual(links, [], 'no resource_link before 2025-06-18: the uri is in the text');
      else {
        assert.deepEqual(links, [
          { type: 'resource_link', uri: facts.files[0].uri, name: FILE.name, title: FILE.title, mimeType: FILE.mimeType, size: Buffer.byteLength(FILE.text) },
        ]);
        assert.deepEqual(result.structuredContent, facts);
      }
      transport.receive(send(revision, 2, 'resources/read', { uri: facts.files[0].uri }));
      await tick();
      const read = transport.responseTo(2).result;
      assert.deepEqual(read.contents, [{ uri: facts.files[0].uri, mimeType: FILE.mimeType, text: FILE.text }]);
      if (revision === '2026-07-28') {
        assert.equal(read.resultType, 'complete');
        assert.equal(read.cacheScope, 'private');
        assert.ok(read.ttlMs > 0 && read._meta);
      } else assert.equal(read.resultType, undefined);
      transport.receive(send(revision, 3, 'resources/list'));
      transport.receive(send(revision, 4, 'resources/templates/list'));
      assert.deepEqual(transport.responseTo(3).result.resources, [], 'held files are linked, not listed');
      assert.deepEqual(transport.responseTo(4).result.resourceTemplates, []);
    });
  }

  it('answers an unknown or malformed read, and a list cursor, with -32602 and a static message', () => {
    const { transport } = linkingConnection('2025-11-25');
    const canary = 'qiongli://held/CANARY-0c7e/references.ris';
    transport.receive(request(1, 'resources/read', { uri: canary }));
    transport.receive(request(2, 'resources/read', { uri: 7 }));
    transport.receive(request(3, 'resources/read', { uri: canary, extra: true }));
    transport.receive(request(4, 'resources/list', { cursor: 'c' }));
    for (const id of [1, 2, 3, 4]) {
      const { error } = transport.responseTo(id);
      assert.equal(error.code, -32602);
      assert.doesNotMatch(JSON.stringify(error), /CANARY/u);
    }
    assert.match(transport.responseTo(1).error.message, /resource not found/u);
  });

  it('replaces a read larger than 8 MiB with -32603 tool-output-too-large and keeps serving', async () => {
    const held = new InMemoryHeldResources();
    const huge = held.hold({ ...FILE, text: '"'.repeat(4.5 * 1024 * 1024) })!; // 9 MiB once escaped
    const { transport } = connect([], '2025-06-18', { heldResources: held });
    transport.receive(request(1, 'resources/read', { uri: huge.uri }));
    transport.receive(request(2, 'ping'));
    while (transport.sent.every((frame) => !frame.payload.includes('"id":1'))) await tick();
    const { error } = transport.responseTo(1);
    assert.equal(error.code, -32603);
    assert.deepEqual(error.data, { reason_code: 'tool-output-too-large' });
    assert.deepEqual(transport.responseTo(2).result, {});
  });

  it('serves no resource method before a connection negotiated its era', () => {
    const { transport } = connect([], '2026-07-28');
    transport.receive(request(1, 'resources/list'));
    assert.equal(transport.responseTo(1).error.code, -32600);
    transport.receive(initialize(2, '2025-06-18'));
    assert.ok(transport.responseTo(2).result);
  });
});
