import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import {
  configStatus,
  exitWithin,
  frame,
  initializeFrame,
  injected,
  listTools,
  PEAK_RSS_LIMIT_MIB,
  ping,
  responsesIn,
  ServerProcess,
  type ServerExit,
} from './protocol-harness/server-process.js';

const MiB = 1024 * 1024;

/** Runs one 2025-03-26 session: initialize, the given line, a ping; returns how it ended. */
async function batchSession(line: string, program: 'bundle' | 'injected' = 'bundle', nodeFlags: string[] = []): Promise<ServerExit> {
  const server = new ServerProcess(program, nodeFlags);
  server.startReading();
  await server.write(initializeFrame('2025-03-26'));
  await server.write(`${line}\n`);
  server.end(frame(ping('after')));
  return exitWithin(server, 60_000);
}

const batchOf = (count: number, element: (id: number) => unknown): string => JSON.stringify(Array.from({ length: count }, (_, index) => element(index + 1)));

/** Exit 0, nothing on stderr, peak memory within the bound, the ping after the batch answered. */
function assertSurvived(exit: ServerExit): void {
  assert.equal(exit.code, 0);
  assert.equal(exit.stderr, '');
  assert.ok(exit.peakRssMiB !== undefined && exit.peakRssMiB <= PEAK_RSS_LIMIT_MIB, `peak RSS ${exit.peakRssMiB} MiB`);
  assert.ok(responsesIn(exit.stdout).some((response) => response.id === 'after'));
}

/** The single answer to an oversized batch: one -32600 with id null. */
function assertRefusedWhole(exit: ServerExit): void {
  const arrays = exit.stdout.split('\n').filter((line) => line.startsWith('['));
  assert.equal(arrays.length, 0, 'no element ran');
  const refusals = responsesIn(exit.stdout).filter((response) => response.id === null);
  assert.equal(refusals.length, 1);
  assert.equal(refusals[0].error.code, -32600);
}

describe('fault injection: batches at and past their bounds (docs/robustness.md)', () => {
  it('answers a batch of 1,024 tools/list with 1,024 answers in one array of at most 8 MiB', async () => {
    const exit = await batchSession(batchOf(1024, listTools));
    assertSurvived(exit);
    const array = exit.stdout.split('\n').find((line) => line.startsWith('['))!;
    assert.ok(Buffer.byteLength(array) <= 8 * MiB);
    const answers = JSON.parse(array);
    assert.deepEqual(
      answers.map((answer: any) => answer.id),
      Array.from({ length: 1024 }, (_, index) => index + 1),
    );
    const replaced = answers.filter((answer: any) => answer.error?.data?.reason_code === 'tool-output-too-large');
    assert.ok(replaced.length > 0 && replaced.length < 1024, 'answers past the bound are replaced, the others kept');
    assert.ok(
      answers.slice(0, 100).every((answer: any) => 'result' in answer),
      'earlier elements come first',
    );
  });

  it('refuses a batch of 1,025 elements with one -32600 and runs none of them', async () => {
    const exit = await batchSession(batchOf(1025, listTools));
    assertSurvived(exit);
    assertRefusedWhole(exit);
  });

  it('refuses 10,000 tools/list with one -32600 within the memory bound', async () => {
    const exit = await batchSession(batchOf(10_000, listTools));
    assertSurvived(exit);
    assertRefusedWhole(exit);
  });

  it('survives 33,500 tools/list in one line: one -32600, nothing on stderr, exit 0', async () => {
    const exit = await batchSession(batchOf(33_500, listTools));
    assertSurvived(exit);
    assertRefusedWhole(exit);
  });

  it('answers 34,000 tools/list with one async call among them (one -32600) instead of dropping them silently', async () => {
    const elements = JSON.parse(batchOf(34_000, listTools)) as unknown[];
    elements.push(configStatus(34_001));
    const exit = await batchSession(JSON.stringify(elements));
    assertSurvived(exit);
    assertRefusedWhole(exit);
  });

  it('refuses an 8 MiB line of empty objects with one -32600 without building them all', async () => {
    const count = Math.floor((8 * MiB - 2) / 3);
    const exit = await batchSession(`[${'{},'.repeat(count - 1)}{}]`);
    assertSurvived(exit);
    assertRefusedWhole(exit);
  });

  it('refuses one 8 MiB request whose params hold millions of empty objects with one -32600, within the memory bound', async () => {
    const count = Math.floor((8 * MiB - 100) / 3);
    const exit = await batchSession(`{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":[${'{},'.repeat(count - 1)}{}]}}`);
    assertSurvived(exit);
    const refusals = responsesIn(exit.stdout).filter((response) => response.id === null);
    assert.equal(refusals.length, 1);
    assert.equal(refusals[0].error.code, -32600);
    assert.ok(!responsesIn(exit.stdout).some((response) => response.id === 7), 'the request did not run');
  });

  // An answer is at most 100,000 characters of text (SPEC §13): 98,000 characters of 4-byte
  // emoji are 196,000 bytes, so 64 of them (the in-flight bound) are 12.5 MB, past the batch's
  // 8 MiB. They leave their encodings behind as garbage, which V8 collects lazily: with the old
  // generation capped, the peak measures what the batch holds: answers kept until its join could
  // not fit.
  it('holds no more than 8 MiB of a batch of slow large answers settling in reverse order, answering every element', async () => {
    const count = 64;
    const elements = batchOf(count, (id) => injected(id, { mode: 'blob', size: 49_000, char: '😀', wide: true, ms: (count - id) * 15 }));
    const exit = await batchSession(elements, 'injected', ['--max-old-space-size=64']);
    assertSurvived(exit);
    const array = exit.stdout.split('\n').find((line) => line.startsWith('['))!;
    assert.ok(Buffer.byteLength(array) <= 8 * MiB);
    const answers = JSON.parse(array);
    assert.equal(answers.length, count);
    const kept = answers.filter((answer: any) => 'result' in answer).length;
    assert.ok(kept >= 1 && kept <= Math.floor((8 * MiB) / 196_000), `${kept} answers kept`);
    assert.ok(kept < count, 'some answers gave way');
    assert.ok(
      answers.slice(0, kept).every((answer: any) => 'result' in answer),
      'the earliest elements keep their answers',
    );
  });
});
