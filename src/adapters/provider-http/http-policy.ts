import type { Dispatcher } from 'undici';
import { providerDispatcher, proxySettings, type ProxyEnvironment } from './proxy-dispatcher.js';

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

const sharedAgents = new Map<string, Dispatcher>();

/**
 * The process-wide default dispatcher for the given limits and proxy variables, created on first
 * use: a plain undici `Agent`, or the proxy agent of {@link providerDispatcher} when
 * `HTTPS_PROXY`/`HTTP_PROXY` name a proxy (read from `env`, the process's environment unless a
 * test gives one), with the connect timeout and header/body timeouts. The 4 MiB body cap is
 * enforced per request (so it holds for injected dispatchers too). Redirects are never followed:
 * no redirect interceptor is installed. Throws `InvalidProxySetting` (a static message) when a
 * proxy variable is not a proxy URL.
 */
export function sharedAgent(timeouts: ProviderTimeouts, env: ProxyEnvironment = process.env): Dispatcher {
  const proxies = proxySettings(env);
  const proxied = proxies.httpsProxy !== '' || proxies.httpProxy !== '';
  const key = JSON.stringify([timeouts.connectMs, timeouts.requestMs, ...(proxied ? [proxies.httpsProxy, proxies.httpProxy, proxies.noProxy] : [])]);
  let agent = sharedAgents.get(key);
  if (agent === undefined) {
    agent = providerDispatcher(
      proxies,
      { connect: { timeout: timeouts.connectMs }, headersTimeout: timeouts.requestMs, bodyTimeout: timeouts.requestMs },
      timeouts.connectMs,
    );
    sharedAgents.set(key, agent);
  }
  return agent;
}
