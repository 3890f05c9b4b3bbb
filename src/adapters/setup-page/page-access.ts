import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: the single-use URL token, the session cookie and the form token. */
const randomToken = (): string => randomBytes(32).toString('base64url');

/** Compares a presented secret with the expected one in constant time (for equal lengths). */
function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The browser session the URL token was exchanged for. */
export interface PageSession {
  /** The value of the session cookie. */
  readonly cookie: string;
  /** The form token every POST must carry (CSRF). */
  readonly formToken: string;
  /**
   * The second secret, in the path of every address of the session (`/s/<secret>/`): cookies
   * ignore ports, so a server on another 127.0.0.1 port that the browser visits may receive the
   * cookie, but never this path (`Referrer-Policy: same-origin`, and the cookie's own `Path`).
   */
  readonly pathSecret: string;
}

/**
 * Who may use one setup page (docs/setup-page.md#who-can-use-the-page): the URL token works once,
 * and is exchanged for a session (an `HttpOnly; SameSite=Strict` cookie, a secret in the path of
 * the session's addresses, and a form token); from then on only that browser gets in, and only
 * with both the cookie and the path — the cookie alone unlocks nothing. Every secret is 256
 * random bits and compared in constant time; none is ever derived from another.
 */
export class PageAccess {
  /** The token the page's address carries until it is used. */
  readonly urlToken = randomToken();
  private session: PageSession | undefined;

  /** The name of the session cookie: per port, so two pages on one host never share one. */
  constructor(readonly cookieName: string) {}

  /** Whether the URL token was exchanged. */
  get tokenUsed(): boolean {
    return this.session !== undefined;
  }

  /** Exchanges the URL token for the session, once; `undefined` for a wrong, missing or used token. */
  exchange(token: string | undefined): PageSession | undefined {
    if (this.session !== undefined || !sameSecret(token, this.urlToken)) return undefined;
    this.session = { cookie: randomToken(), formToken: randomToken(), pathSecret: randomToken() };
    return this.session;
  }

  /** The address of a session's form: `/s/<path secret>/`. */
  static home(session: PageSession): string {
    return `/s/${session.pathSecret}/`;
  }

  /**
   * The session a request reaches: the path secret of its address (`/s/<secret>/…`) and its
   * cookie must both be the session's; `undefined` otherwise.
   */
  sessionAt(pathSecret: string | undefined, cookieHeader: string | undefined): PageSession | undefined {
    const session = this.session;
    if (session === undefined || cookieHeader === undefined || !sameSecret(pathSecret, session.pathSecret)) return undefined;
    for (const pair of cookieHeader.split(';')) {
      const equals = pair.indexOf('=');
      if (equals !== -1 && pair.slice(0, equals).trim() === this.cookieName && sameSecret(pair.slice(equals + 1).trim(), session.cookie)) return session;
    }
    return undefined;
  }

  /** Whether a submitted form token is the session's. */
  static formTokenMatches(session: PageSession, presented: string | undefined): boolean {
    return sameSecret(presented, session.formToken);
  }
}
