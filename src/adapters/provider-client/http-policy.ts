import { Agent, type Dispatcher } from 'undici';

/** Largest response body accepted, declared or read (docs/providers.md#requests). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Connection and whole-search time limits, in milliseconds. */
export interface ProviderTimeouts {
  /** Time allowed to open a connection (TCP + TLS); applies to the default dispatcher. */
  readonly connectMs: number;
  /** Time allowed for one provider search: pacing waits, requests, retry and bodies. */
  readonly requestMs: number;
}

/** The docs/providers.md#requests limits: connect 3 s, whole request 15 s. */
export const DEFAULT_TIMEOUTS: ProviderTimeouts = { connectMs: 3000, requestMs: 15000 };

const sharedAgents = new Map<string, Agent>();

/**
 * The process-wide default dispatcher for the given limits, created on first use: a plain
 * undici `Agent` (never a proxy agent, so no proxy discovery from the environment), with the
 * connect timeout and header/body timeouts. The 4 MiB body cap is enforced per request (so it
 * holds for injected dispatchers too). Redirects are never followed: no redirect interceptor
 * is installed.
 */
export function sharedAgent(timeouts: ProviderTimeouts): Dispatcher {
  const key = `${timeouts.connectMs}:${timeouts.requestMs}`;
  let agent = sharedAgents.get(key);
  if (agent === undefined) {
    agent = new Agent({
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.requestMs,
      bodyTimeout: timeouts.requestMs,
    });
    sharedAgents.set(key, agent);
  }
  return agent;
}
