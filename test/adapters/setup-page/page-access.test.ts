import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { LoopbackSetupPages } from '../../../src/adapters/setup-page/index.js';
import { FakeSetupBackend } from '../../fakes/setup-backend.fake.js';
import { answered, openPage, request, signedIn, swapToken, TEST_TIMINGS } from './page-support.js';

describe('who can open the setup page (docs/setup-page.md#who-can-use-the-page)', () => {
  it('listens on 127.0.0.1 only, at an ephemeral port, behind a single-use token of 256 random bits', async () => {
    const { page, port, token, close } = await openPage();
    try {
      assert.equal(page.status, 'ready');
      assert.match(page.url, /^http:\/\/127\.0\.0\.1:\d+\/start\?token=[A-Za-z0-9_-]{43}$/);
      assert.ok(port > 0);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
      assert.equal(page.tokenUsed, false);
    } finally {
      await close();
    }
  });

  it("cannot be reached on any address but 127.0.0.1: not ::1, not the machine's other interfaces", async () => {
    const { port, close } = await openPage({ host: 'localhost' });
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && entry.address !== '127.0.0.1')
      .map((entry) => entry?.address as string);
    const reach = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = connect({ host, port });
        socket.once('connect', () => (socket.destroy(), resolve('connected')));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    try {
      assert.equal(await reach('127.0.0.1'), 'connected');
      for (const host of ['::1', ...others]) assert.notEqual(await reach(host), 'connected', host);
    } finally {
      await close();
    }
  });

  it('names localhost in the address when asked, and still listens on 127.0.0.1', async () => {
    const { page, port, close } = await openPage({ host: 'localhost' });
    try {
      assert.match(page.url, /^http:\/\/localhost:\d+\/start\?token=/);
      assert.equal(answered(await request(port, 'GET', '/', { Host: `localhost:${port}` })).status, 403, 'reachable over 127.0.0.1');
    } finally {
      await close();
    }
  });

  it('listens on the requested port, and refuses to open when that port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const pages = new LoopbackSetupPages(new FakeSetupBackend(), TEST_TIMINGS);
    try {
      assert.deepEqual(await pages.open({ host: '127.0.0.1', port: taken }), { ok: false, error: 'listen-failed' });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const opening = await pages.open({ host: '127.0.0.1', port: taken });
    assert.ok(opening.ok && opening.value.url.startsWith(`http://127.0.0.1:${taken}/`));
    await pages.close();
  });

  it('swaps the token on first visit for an HttpOnly, SameSite=Strict cookie and a redirect to the token-less address', async () => {
    const { port, token, close, pages } = await openPage();
    try {
      const answer = answered(await request(port, 'GET', `/start?token=${token}`));
      assert.equal(answer.status, 303);
      const home = answer.headers.location ?? '';
      assert.match(home, /^\/s\/[A-Za-z0-9_-]{43}\/$/, 'a second secret, in the path');
      assert.match(
        answer.headers['set-cookie'] ?? '',
        new RegExp(`^setup_session_${port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=${home}; Max-Age=\\d+$`),
      );
      assert.ok(!(answer.headers['set-cookie'] ?? '').includes(token), 'the cookie is not the URL token');
      assert.ok(!home.includes(token), 'the path secret is not the URL token');
      const again = await pages.open({ host: '127.0.0.1', port: 0 });
      assert.ok(again.ok && again.value.status === 'already_running' && again.value.tokenUsed);
      assert.equal(again.ok && again.value.url, `http://127.0.0.1:${port}/`);
    } finally {
      await close();
    }
  });

  it('opens the form only with the session cookie and at the session address: the cookie alone unlocks nothing', async () => {
    const { port, cookie, home, close } = await signedIn();
    try {
      const page = answered(await request(port, 'GET', home, { Cookie: cookie }));
      assert.equal(page.status, 200);
      assert.match(page.headers['content-type'] ?? '', /^text\/html; charset=utf-8$/);
      assert.equal(answered(await request(port, 'GET', home)).status, 403);
      assert.equal(answered(await request(port, 'GET', home, { Cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` })).status, 403);
      for (const path of ['/', `/s/${'A'.repeat(43)}/`, '/s//', `${home}x`]) {
        const refused = answered(await request(port, 'GET', path, { Cookie: cookie }));
        assert.ok(refused.status === 403 || refused.status === 404, path);
        assert.ok(!refused.body.includes('form_token'), `no form token at ${path}`);
      }
    } finally {
      await close();
    }
  });

  it('refuses the token reused after the swap, a guessed token and a missing one', async () => {
    const { port, token, close } = await openPage();
    try {
      const guessed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      assert.equal(answered(await request(port, 'GET', `/start?token=${guessed}`)).status, 403);
      assert.equal(answered(await request(port, 'GET', '/start')).status, 403);
      const { cookie } = await swapToken(port, token);
      assert.ok(cookie.length > 0);
      const reused = answered(await request(port, 'GET', `/start?token=${token}`));
      assert.equal(reused.status, 403);
      assert.equal(reused.headers['set-cookie'], undefined);
      const withCookie = answered(await request(port, 'GET', `/start?token=${token}`, { Cookie: cookie }));
      assert.equal(withCookie.status, 403, 'not even the cookie leads to the session address again');
      assert.equal(withCookie.headers.location, undefined);
    } finally {
      await close();
    }
  });

  it('refuses every request whose Host is not 127.0.0.1:<port> or localhost:<port> (DNS rebinding)', async () => {
    const { port, token, cookie, home, close } = await signedIn();
    try {
      for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `LOCALHOST:${port}`, `[::1]:${port}`]) {
        const answer = answered(await request(port, 'GET', home, { Host: host, Cookie: cookie }));
        assert.equal(answer.status, 421, host);
        assert.ok(!answer.body.includes(host.split(':')[0] ?? host) || host.startsWith('127') || host.startsWith('['), `the host is not echoed: ${host}`);
      }
      assert.equal(answered(await request(port, 'GET', `/start?token=${token}`, { Host: `rebound.example:${port}` })).status, 421);
      assert.equal(answered(await request(port, 'GET', home, { Host: `localhost:${port}`, Cookie: cookie })).status, 200);
    } finally {
      await close();
    }
  });

  it('sends the security headers on every answer, refusals included', async () => {
    const { port, cookie, home, close } = await signedIn();
    try {
      const answers = [
        answered(await request(port, 'GET', home, { Cookie: cookie })),
        answered(await request(port, 'GET', '/')),
        answered(await request(port, 'GET', '/', { Host: 'x.example' })),
        answered(await request(port, 'GET', '/elsewhere', { Cookie: cookie })),
        answered(await request(port, 'DELETE', '/', { Cookie: cookie })),
      ];
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 403, 421, 404, 405],
      );
      for (const answer of answers) {
        const csp = answer.headers['content-security-policy'] ?? '';
        assert.match(csp, /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
        assert.equal(answer.headers['cache-control'], 'no-store');
        assert.equal(answer.headers['referrer-policy'], 'same-origin');
        assert.equal(answer.headers['x-content-type-options'], 'nosniff');
        assert.equal(answer.headers['x-frame-options'], 'DENY');
      }
    } finally {
      await close();
    }
  });

  it('serves one page per process: a second open describes the running one', async () => {
    const { pages, page, close } = await openPage();
    try {
      const second = await pages.open({ host: 'localhost', port: 0, provider: 'pubmed' });
      assert.ok(second.ok);
      assert.equal(second.ok && second.value.status, 'already_running');
      assert.equal(second.ok && second.value.url, page.url);
      assert.equal(second.ok && second.value.provider, undefined);
    } finally {
      await close();
    }
  });

  it('shares one page between two opens made at once', async () => {
    const fresh = new LoopbackSetupPages(new FakeSetupBackend(), TEST_TIMINGS);
    try {
      const [a, b] = await Promise.all([fresh.open({ host: '127.0.0.1', port: 0 }), fresh.open({ host: '127.0.0.1', port: 0 })]);
      assert.ok(a.ok && b.ok);
      assert.equal(a.ok && a.value.status, 'ready');
      assert.equal(b.ok && b.value.status, 'already_running');
      assert.equal(a.ok && b.ok && a.value.url === b.value.url, true);
    } finally {
      await fresh.close();
    }
  });

  it('closes a page that was still binding when the pages were closed', async () => {
    const fresh = new LoopbackSetupPages(new FakeSetupBackend(), TEST_TIMINGS);
    const opening = fresh.open({ host: '127.0.0.1', port: 0 });
    const closed = fresh.close();
    const opened = await opening;
    await closed;
    assert.ok(opened.ok);
    const port = Number(new URL(opened.ok ? opened.value.url : 'http://x:1').port);
    assert.equal(await request(port, 'GET', '/'), 'refused');
    assert.equal(await (opened.ok ? opened.value.saved : Promise.resolve(true)), false);
  });

  it('closes once: a second close does nothing, and the address then refuses connections', async () => {
    const { close, port, page } = await openPage();
    await close();
    await close();
    assert.equal(await request(port, 'GET', '/'), 'refused');
    assert.equal(await page.saved, false);
  });
});
