/**
 * The checks every row of a client table goes through, for each connection (protocol revision)
 * it opens: connect, list, call every tool, the three configuration tools, an invalid-arguments
 * call and (where the client can send one) an unknown tool. `interop.test.ts` runs them for the
 * clients of the project's own install; `../interop-lts/` for the majors that need a newer Node.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FROZEN_TOOL_ORDER, TOOL_CATALOGUE } from '../../src/composition/tool-catalogue.js';
import { STANDARD_TOOLS } from '../../src/composition/profiles/standard.js';
import { DEFAULT_GROUPS, type Profile } from '../../src/domain/shared/profiles.js';
import { configHomeWith, isolatedConfigHome } from '../support/run-program.js';
import { FULLTEXT_PROGRAM, builtProgram, installedVersion } from './clients/server-command.js';
import {
  BLANK_VALUE,
  CLIENT_SIDE_REJECTION,
  CONFIG_TOOL_ERRORS,
  SETUP_PAGE_OPENED,
  STANDARD_SAVE_ERROR,
  FULLTEXT_READ,
  FULLTEXT_TOOL,
  FULLTEXT_UNKNOWN_WORK,
  INTEROP_PROVIDERS,
  UNKNOWN_TOOL_MESSAGE,
  USABLE,
  VALID_ARGUMENTS,
  WRONG_TYPE,
} from './expected-answers.js';
import { shownText, successValue, type InteropClient, type InteropSession, type Seen } from './interop-session.js';
import { describeReferenceCheck } from './reference-check-checks.js';

/** Asserts the caller sees Qiongli's own error object, and not a rejection made by the client. */
function assertShowsError(seen: Seen, expected: string): void {
  const shown = shownText(seen);
  assert.doesNotMatch(shown, CLIENT_SIDE_REJECTION);
  assert.ok(shown.includes(expected), `expected ${expected} in: ${shown}`);
  if (seen.outcome === 'result') assert.notEqual(seen.isError, false, 'an error result reported as success');
}

/** The tools a profile serves by default, in frozen order (Standard's own list holds its Standard-only tools). */
const servedBy = (profile: Profile): string[] =>
  (profile === 'standard' ? STANDARD_TOOLS.map((slice) => slice.entry) : TOOL_CATALOGUE)
    .filter((entry) => DEFAULT_GROUPS[profile].includes(entry.group))
    .map((entry) => entry.name);

/**
 * Declares the interop checks for every row and every connection of a client table, against the
 * built program serving `profile`: Lite refuses the three configuration tools; Standard opens the
 * setup page (none of these clients declares URL-mode elicitation: the address is in the result)
 * and refuses a key in the save tool.
 */
export function describeInteropRows(clients: readonly InteropClient[], profile: Profile = 'lite'): void {
  for (const client of clients) {
    const version = installedVersion(client.packageName, client.installedIn);
    for (const connection of client.connections) {
      describe(`${client.packageName} ${version} over stdio, ${connection.label}${profile === 'lite' ? '' : `, --profile ${profile}`}`, () => {
        let session: InteropSession;
        before(async () => {
          session = await connection.open(configHomeWith(INTEROP_PROVIDERS), builtProgram(profile));
        });
        after(() => session?.close());

        it('connects to the built program and negotiates the expected revision', () => {
          assert.ok(session, 'connected');
          if (session.negotiated !== undefined) assert.equal(session.negotiated, connection.expected);
        });

        it('lists the tools of the profile in their frozen order', async () => {
          assert.deepEqual(await session.listToolNames(), servedBy(profile));
        });

        it('answers every other tool, called with valid arguments, with a result the caller can use', async () => {
          const names = Object.keys(USABLE);
          const seen = await Promise.all(names.map((name) => session.call(name, VALID_ARGUMENTS[name]!)));
          names.forEach((name, index) => assert.ok(USABLE[name]!(successValue(seen[index]!)), `${name}: ${shownText(seen[index]!)}`));
        });

        if (profile === 'lite')
          it('shows capability-unavailable and its message for save, configure and the wizard', async () => {
            for (const [name, expected] of Object.entries(CONFIG_TOOL_ERRORS)) assertShowsError(await session.call(name, VALID_ARGUMENTS[name]!), expected);
          });
        else
          it('opens the setup page from configure and the wizard (the address in the result) and refuses a key in save', async () => {
            for (const name of ['qiongli_configure_provider', 'qiongli_open_config_wizard']) {
              const seen = await session.call(name, VALID_ARGUMENTS[name]!);
              assert.ok(SETUP_PAGE_OPENED(successValue(seen)), `${name}: ${shownText(seen)}`);
            }
            assertShowsError(await session.call('qiongli_save_provider_config', { provider: 'pubmed', field: 'api_key', value: 'k' }), STANDARD_SAVE_ERROR);
          });

        it('shows invalid-arguments and its static message for a task_id the server refuses', async () => {
          const invalid = client.validatesInputLocally ? BLANK_VALUE : WRONG_TYPE;
          assertShowsError(await session.call('qiongli_task_plan', invalid.args), invalid.shows);
        });

        if (client.callsUnlistedTools) {
          it("shows Qiongli's static unknown-tool error for a name it does not serve", async () => {
            const seen = await session.callUnlisted!('qiongli_not_a_tool');
            assert.equal(seen.outcome, 'thrown');
            assert.ok(shownText(seen).includes(UNKNOWN_TOOL_MESSAGE), shownText(seen));
          });
        }
      });
    }
    describeFullTextRead(client, version);
    if (profile === 'lite') describeReferenceCheck(client, version);
  }
}

/**
 * With `fulltext` granted (the harness answering the sources from fixtures), the client's first
 * connection lists the reader after the twelve, reads a paper and shows the reader's static error.
 */
function describeFullTextRead(client: InteropClient, version: string): void {
  const [connection] = client.connections;
  if (connection === undefined) return;
  describe(`${client.packageName} ${version} over stdio, ${connection.label}, fulltext granted`, () => {
    let session: InteropSession;
    before(async () => {
      session = await connection.open(isolatedConfigHome(), FULLTEXT_PROGRAM);
    });
    after(() => session?.close());

    it('lists the twelve tools, then the full-text reader', async () => {
      assert.deepEqual(await session.listToolNames(), [...FROZEN_TOOL_ORDER, FULLTEXT_TOOL]);
    });

    it('reads an open-access paper: passages with stable ids, the document hash and licence', async () => {
      const seen = await session.call(FULLTEXT_TOOL, FULLTEXT_READ.args);
      assert.ok(FULLTEXT_READ.usable(successValue(seen)), shownText(seen).slice(0, 300));
    });

    it('shows the static invalid-arguments error for a work of no known shape', async () => {
      assertShowsError(await session.call(FULLTEXT_TOOL, FULLTEXT_UNKNOWN_WORK.args), FULLTEXT_UNKNOWN_WORK.shows);
    });
  });
}
