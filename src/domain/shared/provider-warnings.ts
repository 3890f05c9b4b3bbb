import type { ProviderFailure } from '../../ports/provider-client.port.js';

/**
 * How a provider failure reads in every tool's diagnostics (search, citation graph, full text):
 * `<source>: <kind>`, or `<source>: <kind> (<cause>)` for a connection failure whose static
 * cause is known (`crossref: transport_error (name resolution)`). Never a host, address or body.
 */
export const failureWarning = (source: string, { kind, cause }: ProviderFailure): string => `${source}: ${kind}${cause === undefined ? '' : ` (${cause})`}`;

/** The hint of an answer in which a request could not get through the proxy. */
export const PROXY_HINT = 'a request could not pass the proxy: check HTTPS_PROXY (or HTTP_PROXY) and that the proxy is reachable';

/** The hint of an answer in which a request could not connect (name, route, refusal, reset, TLS, connect timeout). */
export const NETWORK_HINT =
  'a request could not connect: check the network connection, and set HTTPS_PROXY if this machine reaches the internet through a proxy';

/**
 * The one hint an answer carries when some failure had a connection cause (docs/providers.md#requests):
 * the proxy hint when the proxy failed, else the network hint; none when no failure was the
 * network's (an HTTP error, a timeout of the answer, a body that could not be read).
 */
export function networkHint(failures: readonly ProviderFailure[]): string | undefined {
  if (failures.some((failure) => failure.cause === 'proxy')) return PROXY_HINT;
  return failures.some((failure) => failure.cause !== undefined) ? NETWORK_HINT : undefined;
}
