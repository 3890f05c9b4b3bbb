import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAGE_STYLE } from './page-style.js';

/** The two names a page answers to: `127.0.0.1:<port>` and `localhost:<port>` (DNS rebinding). */
export const allowedHosts = (port: number): ReadonlySet<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

/** Whether the request's `Host` header names this page exactly. */
export const hostIsAllowed = (request: IncomingMessage, hosts: ReadonlySet<string>): boolean =>
  typeof request.headers.host === 'string' && hosts.has(request.headers.host);

/**
 * Whether a POST comes from the page itself: its `Origin` is exactly `http://` + the (checked)
 * `Host`. A form on another loopback port has another origin; `Origin: null` (a sandboxed or
 * `no-referrer` form) and a missing `Origin` are refused.
 */
export const originIsPage = (request: IncomingMessage): boolean =>
  typeof request.headers.origin === 'string' && request.headers.origin === `http://${request.headers.host ?? ''}`;

let policy: string | undefined;

/** The Content-Security-Policy: nothing but the page's own inline style (by hash) and its own form target. */
function contentSecurityPolicy(): string {
  policy ??= [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE, 'utf8').digest('base64')}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return policy;
}

/** Headers every answer of the page carries, refusals included. */
export function setSecurityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', contentSecurityPolicy());
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}
