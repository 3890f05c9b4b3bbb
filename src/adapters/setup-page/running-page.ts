import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type { SetupBackend } from '../../ports/setup-backend.port.js';
import type { OpenSetupPage, SetupPageRequest } from '../../ports/setup-page.port.js';
import { PageAccess, type PageSession } from './page-access.js';
import { allowedHosts, hostIsAllowed, originIsPage, setSecurityHeaders } from './http-guards.js';
import { readFormBody } from './form-body.js';
import { setupFormOf } from './setup-form.js';
import { formPage, messagePage, savedPage } from './page-html.js';
import { REFUSALS } from './page-refusals.js';
import { pageListener, type PageTimings } from './page-listener.js';

export { PAGE_TIMINGS, type PageTimings } from './page-listener.js';

/** The path of a session's addresses: `/s/<path secret>/` and `/s/<path secret>/save`. */
const SESSION_PATH = /^\/s\/([A-Za-z0-9_-]{1,64})\/(save)?$/;

/**
 * One open setup page: a loopback HTTP listener (127.0.0.1 only) with its access rules, that
 * closes after its lifetime or once a save succeeded. Routes: `GET /start?token=` (the single-use
 * exchange for a cookie, then a redirect to `/s/<path secret>/`), `GET /s/<path secret>/` (the
 * form), `POST /s/<path secret>/save`; `/` only says where the page is. A connection that sends
 * nothing within the header timeout is closed (idle sockets cannot take every slot).
 */
export class RunningPage {
  private readonly access: PageAccess;
  private readonly hosts: ReadonlySet<string>;
  private readonly providers: readonly ProviderId[];
  private readonly lifetime: NodeJS.Timeout;
  private closed = false;
  private saveSucceeded = false;
  private resolveSaved!: (saved: boolean) => void;
  readonly saved = new Promise<boolean>((resolve) => (this.resolveSaved = resolve));
  readonly expiresAt: number;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly request: SetupPageRequest,
    private readonly backend: SetupBackend,
    timings: PageTimings,
    now: number,
  ) {
    this.access = new PageAccess(`setup_session_${port}`);
    this.hosts = allowedHosts(port);
    this.providers = request.provider === undefined ? PROVIDER_IDS : [request.provider];
    this.expiresAt = now + timings.lifetimeMs;
    this.lifetime = setTimeout(() => void this.close(), timings.lifetimeMs);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.answer(req, res).catch(() => {
        if (!res.headersSent) this.refuse(res, 'failure', true);
        else res.destroy();
      });
    });
  }

  /** Listens on 127.0.0.1 at the requested port (0 = ephemeral); `undefined` when it cannot. */
  static start(request: SetupPageRequest, backend: SetupBackend, timings: PageTimings, now: number): Promise<RunningPage | undefined> {
    const server = pageListener(timings);
    return new Promise((resolve) => {
      server.once('error', () => resolve(undefined));
      server.listen({ host: '127.0.0.1', port: request.port, exclusive: true }, () => {
        server.removeAllListeners('error');
        server.on('error', () => undefined);
        resolve(new RunningPage(server, (server.address() as AddressInfo).port, request, backend, timings, now));
      });
    });
  }

  /** Whether the page still answers. */
  get isOpen(): boolean {
    return !this.closed;
  }

  /** How a caller describes this page (see {@link OpenSetupPage}). */
  describe(status: OpenSetupPage['status']): OpenSetupPage {
    const origin = `http://${this.request.host}:${this.port}`;
    return {
      status,
      url: this.access.tokenUsed ? `${origin}/` : `${origin}/start?token=${this.access.urlToken}`,
      tokenUsed: this.access.tokenUsed,
      expiresAt: this.expiresAt,
      ...(this.request.provider === undefined ? {} : { provider: this.request.provider }),
      saved: this.saved,
    };
  }

  /** Stops listening and drops every connection; `saved` settles `false` unless a save succeeded. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    clearTimeout(this.lifetime);
    this.resolveSaved(false);
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res);
    if (!hostIsAllowed(req, this.hosts)) return this.refuse(res, 'host');
    const url = URL.parse(req.url ?? '/', 'http://page.invalid');
    if (url === null) return this.refuse(res, 'missing');
    if (url.pathname === '/start') return req.method === 'GET' ? this.start(res, url.searchParams.get('token') ?? undefined) : this.refuse(res, 'method');
    if (url.pathname === '/') return this.refuse(res, req.method === 'GET' ? 'session' : 'method');
    const route = SESSION_PATH.exec(url.pathname);
    if (route === null) return this.refuse(res, 'missing');
    const session = this.access.sessionAt(route[1], req.headers.cookie);
    const wanted = route[2] === undefined ? 'GET' : 'POST';
    if (req.method !== wanted) return this.refuse(res, 'method');
    if (wanted === 'POST') return this.save(req, res, session);
    return session ? this.send(res, 200, await this.form(session)) : this.refuse(res, 'session');
  }

  /**
   * The single-use exchange: token → cookie, and a redirect to the session's address, which
   * holds the second secret. A used or wrong token is refused whatever cookie comes with it: the
   * cookie alone never leads to the session's address.
   */
  private start(res: ServerResponse, token: string | undefined): void {
    const session = this.access.exchange(token);
    if (session === undefined) return this.refuse(res, 'token');
    const maxAge = Math.max(1, Math.ceil((this.expiresAt - Date.now()) / 1000));
    const home = PageAccess.home(session);
    res.setHeader('Set-Cookie', `${this.access.cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=${home}; Max-Age=${maxAge}`);
    res.writeHead(303, { Location: home, 'Content-Length': '0' }).end();
  }

  private async form(session: PageSession, results?: Parameters<typeof formPage>[0]['results']): Promise<string> {
    const state = await this.backend.state();
    return formPage({
      state,
      providers: this.providers,
      withZotero: this.request.provider === undefined,
      action: `${PageAccess.home(session)}save`,
      formToken: session.formToken,
      expiresAt: this.expiresAt,
      ...(results ? { results } : {}),
    });
  }

  private async save(req: IncomingMessage, res: ServerResponse, session: PageSession | undefined): Promise<void> {
    if (session === undefined) return this.refuse(res, 'session', true);
    if (!originIsPage(req)) return this.refuse(res, 'origin', true);
    const fields = await readFormBody(req);
    if (fields === 'too-large') return this.refuse(res, 'size', true);
    if (fields === 'malformed' || !PageAccess.formTokenMatches(session, fields.get('form_token'))) return this.refuse(res, 'form', true);
    const form = setupFormOf(fields, this.providers, this.request.provider === undefined);
    if (form === undefined) return this.refuse(res, 'form', true);
    if (this.saveSucceeded || this.closed) return this.refuse(res, 'done', true);
    const results = await this.backend.save(form);
    if (results.some((result) => result.outcome === 'failed')) return this.send(res, 200, await this.form(session, results));
    this.saveSucceeded = true;
    this.resolveSaved(true);
    res.once('finish', () => void this.close());
    this.send(res, 200, savedPage(results), true);
  }

  private refuse(res: ServerResponse, why: keyof typeof REFUSALS, closeConnection = false): void {
    const [status, title, text] = REFUSALS[why];
    this.send(res, status, messagePage(title, text), closeConnection);
  }

  private send(res: ServerResponse, status: number, html: string, closeConnection = false): void {
    const body = Buffer.from(html, 'utf8');
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) };
    if (closeConnection) headers.Connection = 'close';
    res.writeHead(status, headers).end(body);
  }
}
