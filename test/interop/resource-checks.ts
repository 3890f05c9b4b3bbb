/**
 * The files a person saves, through every client of a table (issue 26, item 5;
 * docs/protocol.md#resources): the Zotero import files and an evidence snapshot come as facts
 * (uri, size, SHA-256) and `resource_link` items; a client with a resource API reads each file
 * with `resources/read` and gets exactly the bytes the facts name; every client — one without
 * such an API included — gets the same files inline, part by part, with `delivery: "inline"`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { configHomeWith } from '../support/run-program.js';
import { builtProgram, installedVersion } from './clients/server-command.js';
import { INTEROP_PROVIDERS, VALID_ARGUMENTS } from './expected-answers.js';
import { shownText, successValue, type InteropClient, type InteropSession } from './interop-session.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const ZOTERO = 'qiongli_zotero_export_import_files';
const EVIDENCE = 'qiongli_literature_export_evidence';

/** Every file of an inline delivery, joined from its parts across the cursor's answers, by name. */
async function inlineFiles(session: InteropSession, name: string, args: Record<string, unknown>): Promise<{ files: any[]; joined: Map<string, string> }> {
  let value = successValue(await session.call(name, { ...args, delivery: 'inline' }));
  const files = value.files as any[];
  const joined = new Map<string, string>();
  for (let answers = 1; ; answers++) {
    for (const part of value.parts ?? []) joined.set(part.name, (joined.get(part.name) ?? '') + part.text);
    if (value.next_cursor === undefined) break;
    assert.ok(answers < 50, 'the parts end');
    value = successValue(await session.call(name, { cursor: value.next_cursor }));
  }
  return { files, joined };
}

/** Declares the resource checks for every connection of every row of a client table. */
export function describeResourceRows(clients: readonly InteropClient[]): void {
  for (const client of clients) {
    const version = installedVersion(client.packageName, client.installedIn);
    for (const connection of client.connections) {
      describe(`${client.packageName} ${version} over stdio, ${connection.label}: files as resources`, () => {
        let session: InteropSession;
        before(async () => {
          session = await connection.open(configHomeWith(INTEROP_PROVIDERS), builtProgram());
        });
        after(() => session?.close());

        it('answers the files as facts (uri, size, SHA-256) and reads each one with resources/read, or says why it cannot', async () => {
          const zotero = successValue(await session.call(ZOTERO, VALID_ARGUMENTS[ZOTERO]!));
          const evidence = successValue(await session.call(EVIDENCE, VALID_ARGUMENTS[EVIDENCE]!));
          assert.equal(zotero.delivery, 'resource');
          assert.deepEqual(
            zotero.files.map((file: any) => file.name),
            ['references.json', 'references.ris', 'bibliography.bib', 'zotero-import-report.md'],
          );
          assert.equal(evidence.files[0].name, 'evidence-snapshot.json');
          if (session.readResource === undefined) {
            // One server process per method: the process that held the files is gone when the next method starts.
            assert.match(client.packageName, /^@modelcontextprotocol\/inspector(-cli)?$/u);
            return;
          }
          for (const file of [...zotero.files, ...evidence.files]) {
            const text = await session.readResource(file.uri);
            assert.equal(sha256(text), file.sha256, file.name);
            assert.equal(Buffer.byteLength(text), file.size, file.name);
          }
          assert.match(await session.readResource(zotero.files[1].uri), /TI {2}- A study/u);
          const snapshot = JSON.parse(await session.readResource(evidence.files[0].uri));
          assert.equal(snapshot.artifact_type, 'qiongli_literature_evidence_snapshot');
          assert.doesNotMatch(JSON.stringify(snapshot), /CANARY/u);
        });

        it('sends the same files inline, part by part, to any client (the fallback without resources/read)', async () => {
          for (const name of [ZOTERO, EVIDENCE]) {
            const { files, joined } = await inlineFiles(session, name, VALID_ARGUMENTS[name]!);
            for (const file of files) assert.equal(sha256(joined.get(file.name) ?? ''), file.sha256, `${name}: ${file.name}`);
          }
        });

        it('shows a static invalid-arguments error for a cursor that does not open', async () => {
          const seen = await session.call(ZOTERO, { cursor: 'q1.not-a-cursor' });
          assert.match(shownText(seen), /cursor is not valid/u);
        });
      });
    }
  }
}
