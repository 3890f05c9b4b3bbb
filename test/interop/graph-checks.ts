/**
 * The graph tools through every client of the project's own install: a session served with
 * `--capabilities …,graph` (the graph harness: the real server, providers at a loopback answering
 * recorded bodies) lists the frozen twelve and the two graph tools, and calls both, each result
 * usable by the caller. One session per client (its first connection), so the suite grows by one
 * server start per row.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { isolatedConfigHome } from '../support/run-program.js';
import { REAL } from '../support/graph-world.js';
import { graphConfigHome, installedVersion } from './clients/server-command.js';
import { CLIENT_SIDE_REJECTION } from './expected-answers.js';
import { shownText, successValue, type InteropClient, type InteropSession } from './interop-session.js';

/** Each graph tool, called on a work its recorded bodies are about, and what makes its answer usable. */
const GRAPH_CALLS = [
  {
    name: 'qiongli_literature_references',
    args: { work: REAL.opencitationsReferencesDoi, providers: ['opencitations'] },
    usable: (value: Record<string, any>) =>
      value.status === 'ok' &&
      value.edges?.length === 3 &&
      value.edges[0].providers?.[0] === 'opencitations' &&
      value.edges[0].record?.doi === '10.7717/peerj-cs.163',
  },
  {
    name: 'qiongli_literature_citations',
    args: { work: REAL.openalexWork, providers: ['openalex'], limit: 3 },
    usable: (value: Record<string, any>) =>
      value.status === 'ok' && value.edges?.length === 3 && typeof value.next_cursor === 'string' && value.diagnostics?.providers?.openalex?.list_calls === 1,
  },
] as const;

/** Declares the graph checks for the first connection of every row of a client table. */
export function describeGraphInteropRows(clients: readonly InteropClient[]): void {
  for (const client of clients) {
    const connection = client.connections[0]!;
    describe(`${client.packageName} ${installedVersion(client.packageName, client.installedIn)} with the graph group granted, ${connection.label}`, () => {
      let session: InteropSession;
      before(async () => {
        session = await connection.open(graphConfigHome(isolatedConfigHome()));
      });
      after(() => session?.close());

      it('lists the frozen twelve, then qiongli_literature_references and qiongli_literature_citations', async () => {
        assert.deepEqual(await session.listToolNames(), [...FROZEN_TOOL_ORDER, 'qiongli_literature_references', 'qiongli_literature_citations']);
      });

      it('calls both graph tools and gets results the caller can use', async () => {
        for (const call of GRAPH_CALLS) {
          const seen = await session.call(call.name, call.args);
          assert.doesNotMatch(shownText(seen), CLIENT_SIDE_REJECTION);
          assert.ok(call.usable(successValue(seen)), `${call.name}: ${shownText(seen).slice(0, 400)}`);
        }
      });
    });
  }
}
