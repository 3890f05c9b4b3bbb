import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openSetupPage } from '../../../src/domain/provider-setup/open-setup-page.js';
import { setupPageResult, setupPageResultOutput, elicitationMessage } from '../../../src/domain/provider-setup/setup-page-result.js';
import { UrlHandOff } from '../../../src/domain/shared/url-hand-off.js';
import type { OpenSetupPage, SetupPageRequest, SetupPages } from '../../../src/ports/setup-page.port.js';

const EXPIRES = Date.UTC(2026, 11, 4, 14, 5);
const page = (overrides: Partial<OpenSetupPage> = {}): OpenSetupPage => ({
  status: 'ready',
  url: 'http://127.0.0.1:5000/start?token=T',
  tokenUsed: false,
  expiresAt: EXPIRES,
  saved: Promise.resolve(false),
  ...overrides,
});

/** SetupPages that records what it was asked and answers `opening`. */
function pagesAnswering(opening: Awaited<ReturnType<SetupPages['open']>>) {
  const asked: SetupPageRequest[] = [];
  const pages: SetupPages = { open: (request) => (asked.push(request), Promise.resolve(opening)), close: () => Promise.resolve() };
  return { pages, asked };
}

describe('opening the setup page (docs/tools.md#3-qiongli_configure_provider, Standard)', () => {
  it('opens the page for the canonical provider a name alias means, on the requested host and port', async () => {
    const { pages, asked } = pagesAnswering({ ok: true, value: page({ provider: 'semantic_scholar' }) });
    const outcome = await openSetupPage(pages, { provider: 's2', host: 'localhost', port: 8123 });
    assert.deepEqual(asked, [{ host: 'localhost', port: 8123, provider: 'semantic_scholar' }]);
    assert.ok(outcome.ok && outcome.value instanceof UrlHandOff);
    const handOff = outcome.ok ? outcome.value : undefined;
    assert.equal(handOff?.url, 'http://127.0.0.1:5000/start?token=T');
    assert.equal(handOff?.message, elicitationMessage('semantic_scholar'));
    assert.match(handOff?.message ?? '', /Semantic Scholar/);
  });

  it('asks for every provider when none is named', async () => {
    const { pages, asked } = pagesAnswering({ ok: true, value: page() });
    await openSetupPage(pages, { host: '127.0.0.1', port: 0 });
    assert.deepEqual(asked, [{ host: '127.0.0.1', port: 0 }]);
  });

  it('fails with setup-page-unavailable when the page cannot listen', async () => {
    const { pages } = pagesAnswering({ ok: false, error: 'listen-failed' });
    assert.deepEqual(await openSetupPage(pages, { host: '127.0.0.1', port: 80 }), {
      ok: false,
      failure: { kind: 'tool_error', reasonCode: 'setup-page-unavailable', message: 'the setup page could not listen on the requested port' },
    });
  });

  it('settles on a result that validates against the declared output schema, for every offer outcome', async () => {
    for (const offer of ['accepted', 'declined', 'cancelled', 'no_answer', 'not_offered'] as const) {
      for (const opened of [page(), page({ provider: 'pubmed', status: 'already_running' }), page({ tokenUsed: true, url: 'http://127.0.0.1:5000/' })]) {
        const result = setupPageResult(opened, offer);
        assert.deepEqual(setupPageResultOutput().parse(result), result);
        assert.equal(result.client_prompt, offer);
        assert.equal(result.expires_at, '2026-12-04T14:05:00.000Z');
      }
    }
  });

  it('tells the model what to say: the address, that keys are typed there and never in the chat, and when the page closes', () => {
    const result = setupPageResult(page(), 'not_offered');
    assert.match(
      result.message,
      /^Say to the person: "To set up your literature providers, open http:\/\/127\.0\.0\.1:5000\/start\?token=T in a web browser on this computer\./,
    );
    assert.match(result.message, /never in this chat/);
    assert.match(result.message, /closes at 14:05 UTC/);
    assert.match(setupPageResult(page({ provider: 'crossref' }), 'no_answer').message, /To set up Crossref, open/);
    assert.match(setupPageResult(page(), 'accepted').message, /^The client opened the setup page/);
    assert.match(setupPageResult(page(), 'declined').message, /did not let the client open the setup page\. Do not ask for an API key in this chat/);
    assert.match(setupPageResult(page({ tokenUsed: true, url: 'http://127.0.0.1:5000/' }), 'not_offered').message, /already open in a browser/);
  });
});
