import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { answered, openPage, request, TEST_TIMINGS } from './page-support.js';

/** A loopback connection that sends nothing; resolves once connected, with a promise of its close. */
function idleConnection(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

describe('idle connections cannot lock the person out of the setup page (issue 24, row 4)', () => {
  it('closes 40 connections that send nothing within the header timeout, and then answers the person', async () => {
    const { port, close } = await openPage();
    const idle = await Promise.all(Array.from({ length: 40 }, () => idleConnection(port)));
    try {
      const timeout = TEST_TIMINGS.headersTimeoutMs;
      const lifetimes = await Promise.race([
        Promise.all(idle.map((connection) => connection.closed)),
        new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), timeout * 10).unref()),
      ]);
      assert.notEqual(lifetimes, 'still open', 'every idle connection was closed');
      if (lifetimes !== 'still open') {
        const held = lifetimes.filter((lifetime) => lifetime >= timeout - 50);
        assert.equal(held.length, 32, 'the 32 slots were taken, and closed after the header timeout; the other 8 were dropped at once');
      }
      const answer = answered(await request(port, 'GET', '/'));
      assert.equal(answer.status, 403, 'the page answers again (the person would follow their link)');
    } finally {
      for (const { socket } of idle) socket.destroy();
      await close();
    }
  });

  it('keeps a connection that sent its request within the timeout', async () => {
    const { port, close } = await openPage();
    try {
      const slowStart = await new Promise<string>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
        setTimeout(() => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`), TEST_TIMINGS.headersTimeoutMs / 2);
      });
      assert.match(slowStart, /^HTTP\/1\.1 403 /);
    } finally {
      await close();
    }
  });
});
