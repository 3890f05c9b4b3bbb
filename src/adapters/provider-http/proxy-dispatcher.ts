import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { BoundedTunnelClient } from './proxy-tunnel.js';

/** The environment the proxy variables are read from (the process's, unless a test gives one). */
export type ProxyEnvironment = Readonly<Record<string, string | undefined>>;

/** The proxy variables as the dispatcher uses them: `''` means "none". */
export interface ProxySettings {
  readonly httpsProxy: string;
  readonly httpProxy: string;
  readonly noProxy: string;
}

/** A proxy variable that is not a usable `http:`/`https:` URL. Its message is static: the value is never echoed. */
export class InvalidProxySetting extends Error {
  constructor() {
    super('proxy setting unusable');
    this.name = 'InvalidProxySetting';
  }
}

const nonBlank = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** The lower-case spelling first, as curl and undici read them. */
const variable = (env: ProxyEnvironment, name: string): string | undefined => nonBlank(env[name.toLowerCase()]) ?? nonBlank(env[name.toUpperCase()]);

/**
 * A proxy URL as the dispatcher takes it: `host:port` without a scheme means `http://host:port`
 * (as curl reads it); anything that is then not an `http:` or `https:` URL with a host is refused.
 */
function proxyUrl(value: string | undefined): string {
  if (value === undefined) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//iu.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidProxySetting();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw new InvalidProxySetting();
  return withScheme;
}

/**
 * Reads `HTTPS_PROXY`/`https_proxy`, `HTTP_PROXY`/`http_proxy` and `NO_PROXY`/`no_proxy`
 * (docs/configuration.md#proxies). Only `HTTP_PROXY` set → it serves `https:` requests too.
 * Throws {@link InvalidProxySetting} (static message) for a value that is not a proxy URL.
 */
export function proxySettings(env: ProxyEnvironment): ProxySettings {
  return { httpsProxy: proxyUrl(variable(env, 'https_proxy')), httpProxy: proxyUrl(variable(env, 'http_proxy')), noProxy: variable(env, 'no_proxy') ?? '' };
}

/**
 * How long a connection to the proxy may stay idle. Each one carries one `CONNECT` and then
 * belongs to its tunnel; the only idle ones are those undici opens to discard a `CONNECT` that
 * was given up (it dials before it looks at the aborted request), closed after this.
 */
const TUNNEL_IDLE_MS = 500;

/** Connection options every provider dispatcher shares. */
export type AgentOptions = ConstructorParameters<typeof Agent>[0];

/**
 * The provider dispatcher for `settings`: a plain undici `Agent` when no proxy is set, else an
 * `EnvHttpProxyAgent` given the settings explicitly (so nothing else of the environment is
 * read): `https:` requests go through an HTTP CONNECT tunnel to the proxy, so TLS still runs end
 * to end to the constant endpoint and keys travel only inside it; hosts in `NO_PROXY` are
 * reached directly. Redirects are never followed (no redirect interceptor).
 *
 * Through a proxy, `connectMs` bounds each step of opening a connection as it bounds a direct
 * one: reaching the proxy, its answer to `CONNECT` (a {@link BoundedTunnelClient}: a proxy that
 * never answers, drips its answer or closes is given up at the limit, its socket destroyed, and
 * the requests waiting for it fail once with the `proxy` cause instead of being dialled again),
 * and the TLS handshake with the endpoint inside the tunnel.
 */
export function providerDispatcher(settings: ProxySettings, options: AgentOptions, connectMs: number): Dispatcher {
  if (settings.httpsProxy === '' && settings.httpProxy === '') return new Agent(options);
  return new EnvHttpProxyAgent({
    ...options,
    httpProxy: settings.httpProxy,
    httpsProxy: settings.httpsProxy,
    noProxy: settings.noProxy,
    proxyTls: { timeout: connectMs },
    requestTls: { timeout: connectMs },
    clientFactory: (origin, clientOptions) => new BoundedTunnelClient(origin, { ...clientOptions, keepAliveTimeout: TUNNEL_IDLE_MS }, connectMs),
  });
}
