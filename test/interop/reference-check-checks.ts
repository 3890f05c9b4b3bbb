/**
 * The reference check through every client of a client table: with `verify` granted (the harness
 * test/support/serve-with-reference-sources.ts: the real server, its own lookups and pacing, every
 * source at a loopback answering real bodies), the client's first connection lists the check after
 * the twelve, checks two references and reads a usable answer, and shows the check's static error.
 * `interop-checks.ts` runs it for every row, so the Node 24 clients of `../interop-lts/` run it too.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { PROJECT_ROOT } from '../support/built-program.js';
import { isolatedConfigHome } from '../support/run-program.js';
import type { ServerProgram } from './clients/server-command.js';
import { CLIENT_SIDE_REJECTION } from './expected-answers.js';
import { shownText, successValue, type InteropClient, type InteropSession } from './interop-session.js';

const TOOL = 'qiongli_literature_check_references';

/** The harness as `npm run build` bundles it, serving Lite with `verify` granted besides the default groups. */
const REFERENCE_CHECK_PROGRAM: ServerProgram = {
  script: join(PROJECT_ROOT, 'dist', 'test', 'harness', 'serve-with-reference-sources.mjs'),
  args: ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'config,literature,evidence,zotero,orchestration,verify'],
};

/** Two references by DOI (a retracted paper, a paper with a preprint), checked at Crossref and OpenAlex. */
const CHECK = {
  args: {
    references: [
      {
        title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
        authors: ['Wakefield, A. J.'],
        year: 1998,
        doi: '10.1016/S0140-6736(97)11096-0',
      },
      { title: 'Augmenting large language models with chemistry tools', authors: ['Bran, Andres M.'], year: 2024, doi: '10.1038/s42256-024-00832-8' },
    ],
    providers: ['crossref', 'openalex'],
  },
  usable: (value: Record<string, any>): boolean =>
    value.status === 'ok' &&
    value.summary?.verified === 2 &&
    value.summary?.retracted === 1 &&
    value.checks?.[0]?.flags?.retracted?.notice_doi === '10.1016/s0140-6736(10)60175-4' &&
    value.checks?.[1]?.versions?.[0]?.relation === 'version_of_record_of' &&
    value.diagnostics?.providers?.crossref?.requests === 3,
};

/** Declares the reference-check session of one client row (its first connection). */
export function describeReferenceCheck(client: InteropClient, version: string): void {
  const [connection] = client.connections;
  if (connection === undefined) return;
  describe(`${client.packageName} ${version} over stdio, ${connection.label}, verify granted`, () => {
    let session: InteropSession;
    before(async () => {
      session = await connection.open(isolatedConfigHome(), REFERENCE_CHECK_PROGRAM);
    });
    after(() => session?.close());

    it('lists the twelve tools, then the reference check', async () => {
      assert.deepEqual(await session.listToolNames(), [...FROZEN_TOOL_ORDER, TOOL]);
    });

    it('checks two references and reads the verdicts, the retraction and the preprint link', async () => {
      const seen = await session.call(TOOL, CHECK.args);
      assert.doesNotMatch(shownText(seen), CLIENT_SIDE_REJECTION);
      assert.ok(CHECK.usable(successValue(seen)), shownText(seen).slice(0, 400));
    });

    it("shows the check's static invalid-arguments error", async () => {
      const shown = shownText(await session.call(TOOL, { references: [{ title: 'A' }], format: 'bibtex' }));
      assert.doesNotMatch(shown, CLIENT_SIDE_REJECTION);
      assert.ok(shown.includes('format applies only to a references string'), shown);
    });
  });
}
