import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { configStatus, exitWithin, frame, initializeFrame, injected, listTools, ping, responsesIn, ServerProcess } from './protocol-harness/server-process.js';

const clFramed = (message: unknown): string => {
  const payload = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
};

/** Ids answered, sorted, as text (for compact comparisons). */
const answeredIds = (stdout: string): string[] =>
  responsesIn(stdout)
    .map((response) => String(response.id))
    .sort();

describe('fault injection: end of input at every state of the reader (docs/robustness.md)', () => {
  it('answers 64 pipelined calls and exits 0 when end of input comes while the in-flight bound holds reading', async () => {
    const server = new ServerProcess();
    server.startReading();
    server.end(initializeFrame('2025-11-25') + Array.from({ length: 64 }, (_, index) => frame(configStatus(index + 1))).join(''));
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    assert.equal(responsesIn(exit.stdout).length, 65);
  });

  it('answers every request and exits 0 when end of input comes while output back-pressure holds reading (reader waits 1 s)', async () => {
    const server = new ServerProcess();
    server.end(initializeFrame('2025-11-25') + Array.from({ length: 30 }, (_, index) => frame(listTools(index + 1))).join(''));
    await sleep(1000);
    server.startReading();
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    assert.equal(responsesIn(exit.stdout).length, 31);
  });

  it('answers all 3,003 requests of a mixed pipelined run and exits 0', async () => {
    const server = new ServerProcess();
    server.startReading();
    const requests = Array.from({ length: 1001 }, (_, index) => frame(listTools(`l${index}`)) + frame(configStatus(`c${index}`)) + frame(ping(`p${index}`)));
    server.end(initializeFrame('2025-11-25') + requests.join(''));
    const exit = await exitWithin(server, 60_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    assert.equal(responsesIn(exit.stdout).length, 3004);
  });

  it('answers a batch whose elements still wait on the in-flight bound when end of input comes (mid-batch)', async () => {
    const server = new ServerProcess();
    server.startReading();
    const singles = Array.from({ length: 63 }, (_, index) => frame(configStatus(`s${index}`))).join('');
    const batch = JSON.stringify(Array.from({ length: 200 }, (_, index) => configStatus(`b${index}`)));
    server.end(initializeFrame('2025-03-26') + singles + batch);
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    const lines = exit.stdout.split('\n').filter((line) => line.startsWith('['));
    assert.equal(lines.length, 1, 'one answer array');
    assert.equal(JSON.parse(lines[0]!).length, 200);
    assert.equal(responsesIn(exit.stdout).length, 264);
  });

  it('answers a last line cut by end of input without its newline (mid-line), and exits 0', async () => {
    const server = new ServerProcess();
    server.startReading();
    server.end(initializeFrame('2025-11-25') + frame(configStatus(1)) + JSON.stringify(ping('last')));
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 0);
    assert.deepEqual(answeredIds(exit.stdout), ['0', '1', 'last']);
  });

  it('answers every complete request before a Content-Length payload cut by end of input, then exits 1 with incomplete-mcp-message', async () => {
    const server = new ServerProcess();
    server.startReading();
    const calls = Array.from({ length: 10 }, (_, index) => clFramed(configStatus(index + 1))).join('');
    const init = JSON.parse(initializeFrame('2025-11-25'));
    server.end(clFramed(init) + calls + 'Content-Length: 100\r\n\r\n{"jsonrpc":"2.0"');
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 1);
    assert.equal(exit.stderr, 'error: incomplete-mcp-message\n');
    assert.equal((exit.stdout.match(/Content-Length: /g) ?? []).length, 11, 'every complete request was answered');
  });

  it('waits for a slow call running when end of input comes (mid-call), answers it and exits 0', async () => {
    const server = new ServerProcess('injected');
    server.startReading();
    server.end(initializeFrame('2025-11-25') + frame(injected('slow', { mode: 'sleep', ms: 700 })) + frame(ping('after')));
    const exit = await exitWithin(server, 30_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    const slow = responsesIn(exit.stdout).find((response) => response.id === 'slow');
    assert.equal(slow?.result?.structuredContent?.slept, 700);
  });
});
