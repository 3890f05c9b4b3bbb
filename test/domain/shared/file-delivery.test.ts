import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { HELD_RESOURCE_TTL_MS, InMemoryHeldResources } from '../../../src/adapters/held-resources/index.js';
import { DELIVERY_MESSAGES, DELIVERY_NOTES, INLINE_PART_CHARACTERS, deliverFiles, nextPart, partEnd } from '../../../src/domain/shared/file-delivery.js';
import { deliveryPorts } from './delivery-ports.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A file of every kind of character JSON escapes or keeps: quotes, control characters, pairs, a lone surrogate, CJK. */
const HOSTILE = `{"title":"a \\"quoted\\" \u0001\u001f line\nbreak 😀 证据 \ud800 tab\t"}`.repeat(2000);

const files = [
  { name: 'references.ris', title: 'RIS records', mimeType: 'application/x-research-info-systems', text: HOSTILE },
  { name: 'zotero-import-report.md', title: 'How to import', mimeType: 'text/markdown', text: '# Report\n' },
];

describe('files a person saves are delivered as resources, or inline part by part (docs/tools.md#files-a-person-saves)', () => {
  it('holds each file and answers its facts: uri, size in UTF-8 bytes, SHA-256, and how to get it', () => {
    const ports = deliveryPorts();
    const answer = deliverFiles(files, 'resource', ports);
    assert.ok(answer.ok);
    const { value, links } = answer.value;
    assert.equal(value.delivery, 'resource');
    assert.equal(value.note, DELIVERY_NOTES.resource);
    assert.equal(value.parts, undefined);
    assert.deepEqual(
      value.files.map((file) => [file.name, file.size, file.sha256]),
      files.map((file) => [file.name, Buffer.byteLength(file.text), sha256(file.text)]),
    );
    assert.deepEqual(
      links.map((link) => link.uri),
      value.files.map((file) => file.uri),
    );
    for (const file of value.files) {
      assert.match(file.uri, /^qiongli:\/\/held\/[0-9a-f]{32}\//u);
      assert.equal(ports.held.read(file.uri)?.text, files.find((given) => given.name === file.name)?.text);
    }
    assert.ok(JSON.stringify(value).length < 2000, 'the answer carries no file');
  });

  it('sends the files inline in parts that join to each file exactly, every answer under 40,000 characters', () => {
    const ports = deliveryPorts();
    let answer = deliverFiles(files, 'inline', ports);
    const joined = new Map<string, string>();
    let parts = 0;
    for (;;) {
      assert.ok(answer.ok, JSON.stringify(answer));
      const { value, links } = answer.value;
      assert.deepEqual(links, [], 'no links inline');
      assert.ok(JSON.stringify(value).length < 40_000, `${JSON.stringify(value).length}`);
      for (const part of value.parts ?? []) {
        assert.equal(part.offset, (joined.get(part.name) ?? '').length);
        assert.equal(part.end, part.offset + part.text.length);
        joined.set(part.name, (joined.get(part.name) ?? '') + part.text);
      }
      parts += 1;
      if (value.next_cursor === undefined) break;
      answer = nextPart(value.next_cursor, ports);
    }
    assert.ok(parts > 3);
    const small = deliverFiles([files[1]!, files[1]!], 'inline', ports);
    assert.ok(small.ok);
    assert.equal(small.value.value.parts?.length, 2, 'small files come whole, together, in one answer');
    assert.equal(small.value.value.next_cursor, undefined);
    for (const file of files) assert.equal(sha256(joined.get(file.name) ?? ''), sha256(file.text), file.name);
  });

  it('refuses a tampered cursor, one of another tool, and one whose files expired, with one static message', () => {
    let now = 0;
    const ports = deliveryPorts(() => now);
    const first = deliverFiles(files, 'inline', ports);
    assert.ok(first.ok && first.value.value.next_cursor !== undefined);
    const cursor = first.value.value.next_cursor;
    const refused = { ok: false, error: { kind: 'invalid_arguments', message: DELIVERY_MESSAGES.invalidCursor } };
    assert.deepEqual(nextPart(`${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`, ports), refused);
    assert.deepEqual(nextPart(cursor, { ...ports, tool: 'qiongli_literature_export_evidence' }), refused);
    assert.ok(nextPart(cursor, ports).ok);
    now = HELD_RESOURCE_TTL_MS + 1;
    assert.deepEqual(nextPart(cursor, ports), refused);
  });

  it('cuts a part by the characters its JSON text takes, never inside a surrogate pair', () => {
    assert.equal(partEnd('abc', 0, 2), 2);
    assert.equal(partEnd('"\u0001x', 0, 8), 2, 'a quote takes 2, a control character 6');
    assert.equal(partEnd('a😀', 0, 2), 1, 'the pair does not fit after a');
    assert.equal(partEnd('😀b', 0, 1), 2, 'at least one character, a pair whole');
    let offset = 0;
    while (offset < HOSTILE.length) {
      const end = partEnd(HOSTILE, offset, INLINE_PART_CHARACTERS);
      assert.ok(JSON.stringify(HOSTILE.slice(offset, end)).length - 2 <= INLINE_PART_CHARACTERS);
      assert.ok(end > offset);
      offset = end;
    }
  });
});

describe('the held resources (docs/protocol.md#resources)', () => {
  it('are bounded in number and bytes, oldest dropped first, each for 30 minutes at most', () => {
    let now = 0;
    const held = new InMemoryHeldResources(() => now, { files: 2, bytes: 10 });
    const file = (text: string) => ({ name: 'f.txt', title: 'f', mimeType: 'text/plain', text });
    const a = held.hold(file('aaaa'));
    const b = held.hold(file('bbbb'));
    assert.ok(a && b && held.read(a.uri) && held.read(b.uri));
    const c = held.hold(file('cccc')); // a third file: a goes
    assert.equal(held.read(a!.uri), undefined);
    const d = held.hold(file('dddddddd')); // 12 bytes with c: b and c go
    assert.equal(held.read(b!.uri), undefined);
    assert.equal(held.read(c!.uri), undefined);
    assert.equal(held.hold(file('x'.repeat(11))), undefined, 'larger than every bound: not held');
    assert.ok(held.read(d!.uri), 'and nothing dropped for it');
    now = HELD_RESOURCE_TTL_MS + 1;
    assert.equal(held.read(d!.uri), undefined);
  });
});
