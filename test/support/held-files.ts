/**
 * Reads the files an export answer holds as MCP resources (docs/tools.md#files-a-person-saves):
 * one `resources/read` per file over the connection's fake transport, each file's text by name.
 */
import assert from 'node:assert/strict';
import type { FakeTransport } from '../fakes/transport.fake.js';
import { request } from './messages.js';

let nextId = 900_000;

/** The text of every file `structured` (an export's structured result) lists, by file name. */
export async function heldFiles(transport: FakeTransport, structured: { files: readonly { name: string; uri: string }[] }): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const file of structured.files) {
    const id = nextId++;
    transport.receive(request(id, 'resources/read', { uri: file.uri }));
    for (let waited = 0; transport.responseTo(id) === undefined; waited += 5) {
      assert.ok(waited < 20_000, 'a resources/read answer in time');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answer = transport.responseTo(id);
    assert.ok(answer.result, JSON.stringify(answer.error));
    texts[file.name] = answer.result.contents[0].text as string;
  }
  return texts;
}
