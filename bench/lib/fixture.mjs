// Captures Qiongli's own answers once per benchmark run, so the comparison servers (SDK, floor)
// can answer with the same tools, the same texts and the same sizes — whatever tools Qiongli
// serves at the time (the tool set grows while other issues land).

import { writeFileSync } from 'node:fs';
import { legacyOpening, LEGACY_REVISION, MODERN_META, requestFrame } from './messages.mjs';
import { ServerProcess } from './server-process.mjs';

/**
 * The captured answers.
 * @typedef {object} Fixture
 * @property {string} revision          the legacy revision negotiated
 * @property {object} initializeResult  Qiongli's `initialize` result for that revision
 * @property {object} legacyListResult  Qiongli's legacy `tools/list` result
 * @property {object} modernListResult  Qiongli's modern `tools/list` result
 * @property {object} serverMeta        the `_meta` object of Qiongli's modern results
 * @property {object} legacyCallResult  Qiongli's legacy `tools/call` result of the route tool
 * @property {object} modernCallResult  Qiongli's modern `tools/call` result of the route tool
 */

/**
 * Runs two short Qiongli sessions (legacy and modern) and returns its answers.
 * @param {{name:string, command:string, args:string[]}} qiongli
 * @returns {Promise<Fixture>}
 */
export async function captureFixture(qiongli) {
  const legacy = new ServerProcess(qiongli);
  const initialize = await legacy.request(0, legacyOpening(0).split('\n')[0] + '\n');
  legacy.send(legacyOpening(0).split('\n')[1] + '\n');
  const legacyList = await legacy.request(1, requestFrame('tools/list', 'legacy', 1));
  const legacyCall = await legacy.request(2, requestFrame('tools/call', 'legacy', 2));
  await legacy.end();

  const modern = new ServerProcess(qiongli);
  const modernList = await modern.request(1, requestFrame('tools/list', 'modern', 1));
  const modernCall = await modern.request(2, requestFrame('tools/call', 'modern', 2));
  await modern.end();

  const answers = { initialize, legacyList, legacyCall, modernList, modernCall };
  for (const [name, answer] of Object.entries(answers)) {
    if (answer?.result === undefined) throw new Error(`Qiongli did not answer ${name} with a result; is the bundle built (npm run build)?`);
  }
  if (legacy.stderrBytes + modern.stderrBytes > 0) throw new Error('Qiongli wrote to stderr while the fixture was captured');
  return {
    revision: LEGACY_REVISION,
    initializeResult: initialize.result,
    legacyListResult: legacyList.result,
    modernListResult: modernList.result,
    serverMeta: modernCall.result._meta ?? {},
    legacyCallResult: legacyCall.result,
    modernCallResult: modernCall.result,
    modernMeta: MODERN_META,
  };
}

/** Writes the fixture where the comparison servers read it (their first argument). */
export function writeFixture(fixture, path) {
  writeFileSync(path, JSON.stringify(fixture));
  return path;
}
