/**
 * A test harness: `qiongli config …` exactly as the program runs it (the real parser, runner,
 * settings writer and terminal prompt, on the process's own stdio), with one difference — the
 * credential store is in memory, since this machine's Lite build binds none. At exit it writes
 * what the store holds, as `reference sha256(value)` lines, to the file named by
 * `QIONGLI_TEST_STORE_DUMP`, so a test can check the key arrived without it appearing anywhere.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseCommandLine, renderUsageError } from '../../src/adapters/cli/index.js';
import { runConfigCommand } from '../../src/composition/config-command.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';

const store = FakeSecretStore.empty();
const dump = (): void => {
  const file = process.env['QIONGLI_TEST_STORE_DUMP'];
  if (file === undefined) return;
  const lines = store.storedReferences.map(
    (reference) =>
      `${reference} ${createHash('sha256')
        .update(store.peek(reference) ?? '')
        .digest('hex')}\n`,
  );
  writeFileSync(file, lines.join(''));
};

const command = parseCommandLine(process.argv.slice(2));
if (command.kind !== 'config') {
  process.stderr.write(command.kind === 'usage-error' ? renderUsageError(command) : 'the harness runs config commands only\n');
  process.exit(2);
}
const io = { stdin: process.stdin, writeStdout: (text: string) => process.stdout.write(text), writeStderr: (text: string) => process.stderr.write(text) };
void runConfigCommand(command.action, io, { secretStore: store }).then((code) => {
  dump();
  process.exit(code);
});
