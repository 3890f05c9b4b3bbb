/**
 * Proxy variables that keep every program a test starts off the network: with every provider
 * enabled by default, a search a test did not point at a loopback would otherwise reach the real
 * providers. Provider requests honour `HTTPS_PROXY`/`HTTP_PROXY` (docs/configuration.md#proxies),
 * so they go to this proxy instead — by default the discard port on the loopback, where nothing
 * listens (the request fails at once, `connection refused`). `QIONGLI_TEST_PROXY` names another
 * proxy, e.g. a logging one, to audit which requests the suite would have sent.
 */
const NETWORK_GUARD_PROXY = process.env['QIONGLI_TEST_PROXY'] ?? 'http://127.0.0.1:9';

/** The environment entries of the guard, to spread into a child program's environment. */
export const networkGuardEnv = (): Record<string, string> => ({ HTTPS_PROXY: NETWORK_GUARD_PROXY, HTTP_PROXY: NETWORK_GUARD_PROXY });
