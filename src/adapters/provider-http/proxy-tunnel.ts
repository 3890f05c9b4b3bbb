import { Pool, type Dispatcher } from 'undici';

/**
 * A tunnel through the proxy that could not be opened: the proxy refused the connection, closed
 * it after reading `CONNECT`, or did not answer within the connect limit. Its message is static
 * (starting with `Proxy `, so it is classified as the `proxy` cause) and its code is none that
 * undici retries: undici reconnects at once after a "socket" error while connecting, so a proxy
 * that closes every tunnel would otherwise be dialled tens of thousands of times a second.
 */
class ProxyTunnelFailed extends Error {
  readonly code = 'UND_ERR_PRX_TUNNEL';

  constructor() {
    super('Proxy tunnel failed');
    this.name = 'ProxyTunnelFailed';
  }
}

type ConnectCallback = (error: Error | null, data: Dispatcher.ConnectData) => void;

/**
 * The client a proxy agent sends its `CONNECT` requests through (undici's `clientFactory`), with
 * each `CONNECT` bounded: undici gives it no signal and waits up to its five-minute header
 * timeout for the answer, and a request queued behind it cannot be aborted until it has a
 * socket (undici's request handler only records the abort). Here the `CONNECT` is aborted when
 * `connectMs` passes without a tunnel — which destroys its socket — and every failure becomes
 * one {@link ProxyTunnelFailed}, which fails the requests waiting for that connection instead
 * of letting undici dial again.
 */
export class BoundedTunnelClient extends Pool {
  constructor(
    origin: URL | string,
    options: Pool.Options,
    private readonly connectMs: number,
  ) {
    super(origin, options);
  }

  override connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  override connect(options: Dispatcher.ConnectOptions, callback: ConnectCallback): void;
  override connect(options: Dispatcher.ConnectOptions, callback?: ConnectCallback): Promise<Dispatcher.ConnectData> | void {
    const tunnel = this.boundedConnect(options);
    if (callback === undefined) return tunnel;
    tunnel.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, undefined as never),
    );
  }

  private boundedConnect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> {
    const limit = AbortSignal.timeout(this.connectMs);
    const signal = options.signal instanceof AbortSignal ? AbortSignal.any([options.signal, limit]) : limit;
    return new Promise((resolve, reject) => {
      const refuse = (): void => reject(new ProxyTunnelFailed());
      limit.addEventListener('abort', refuse, { once: true });
      super.connect({ ...options, signal }).then(
        (data) => {
          limit.removeEventListener('abort', refuse);
          if (limit.aborted) data.socket.destroy();
          else resolve(data);
        },
        () => {
          limit.removeEventListener('abort', refuse);
          refuse();
        },
      );
    });
  }
}
