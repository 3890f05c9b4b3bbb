import { LoopbackSetupPages, type PageTimings } from '../../../src/adapters/setup-page/index.js';
import type { OpenSetupPage, SetupPageRequest } from '../../../src/ports/setup-page.port.js';
import { FakeSetupBackend } from '../../fakes/setup-backend.fake.js';
import { rawExchange, type RawAnswer } from '../../support/raw-http.js';

/** Short enough for tests, long enough for a loaded 2-core machine. */
export const TEST_TIMINGS: PageTimings = { lifetimeMs: 60_000, headersTimeoutMs: 400, requestTimeoutMs: 600, checkIntervalMs: 100 };

/** An open page over a fake backend; `close()` when done. */
export async function openPage(request: Partial<SetupPageRequest> = {}, backend = new FakeSetupBackend(), timings: PageTimings = TEST_TIMINGS) {
  const pages = new LoopbackSetupPages(backend, timings);
  const opening = await pages.open({ host: '127.0.0.1', port: 0, ...request });
  if (!opening.ok) throw new Error('the page did not open');
  const page: OpenSetupPage = opening.value;
  const port = Number(new URL(page.url).port);
  const token = new URL(page.url).searchParams.get('token') ?? '';
  return { pages, page, port, token, backend, close: () => pages.close() };
}

/** One request with `Connection: close`; `host` defaults to the page's own. */
export function request(port: number, method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer | 'refused'> {
  const all = { Host: `127.0.0.1:${port}`, Connection: 'close', ...(body === '' ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }), ...headers };
  const head = Object.entries(all)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return rawExchange(port, [`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`]);
}

/** An answer that is not `refused`. */
export function answered(answer: RawAnswer | 'refused'): RawAnswer {
  if (answer === 'refused') throw new Error('connection refused');
  return answer;
}

/** A browser session: the `name=value` cookie pair to send back, and the session's address (`/s/<secret>/`). */
export interface Session {
  readonly cookie: string;
  readonly home: string;
}

/** Swaps the token for the session: the cookie, and the address the page redirects to. */
export async function swapToken(port: number, token: string): Promise<Session> {
  const answer = answered(await request(port, 'GET', `/start?token=${token}`));
  const cookie = answer.headers['set-cookie'] ?? '';
  return { cookie: cookie.split(';')[0] ?? '', home: answer.headers.location ?? '' };
}

/** The form token of the page a session opens. */
export async function formTokenOf(port: number, session: Session): Promise<string> {
  const body = answered(await request(port, 'GET', session.home, { Cookie: session.cookie })).body;
  return /name="form_token" value="([^"]+)"/.exec(body)?.[1] ?? '';
}

/** A POST of the form as the page itself would send it (right Origin, cookie, address, form type). */
export function postForm(port: number, session: Session, body: string, headers: Record<string, string> = {}) {
  return request(
    port,
    'POST',
    `${session.home}save`,
    { Cookie: session.cookie, Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  );
}

/** A form body as the page sends it: the form token, the revision it showed (`none` by default), then `fields`. */
export const pageForm = (formToken: string, fields: Record<string, string>, revision = 'none'): string =>
  new URLSearchParams({ form_token: formToken, revision, ...fields }).toString();

/** A signed-in session on a fresh page: its cookie, address and form token. */
export async function signedIn(request: Partial<SetupPageRequest> = {}, backend = new FakeSetupBackend(), timings: PageTimings = TEST_TIMINGS) {
  const opened = await openPage(request, backend, timings);
  const session = await swapToken(opened.port, opened.token);
  const formToken = await formTokenOf(opened.port, session);
  return { ...opened, session, cookie: session.cookie, home: session.home, formToken };
}
