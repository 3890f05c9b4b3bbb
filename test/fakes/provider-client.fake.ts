import type { ProviderId } from '../../src/ports/config-source.port.js';
import type {
  ProviderClient,
  ProviderFailureKind,
  ProviderRecord,
  ProviderSearchOutcome,
  ProviderSearchRequest,
  TransportCause,
} from '../../src/ports/provider-client.port.js';

/** How long the fake waits before answering (a real timer; never asserted on). */
export interface FakeTiming {
  readonly delayMs?: number;
}

type Script = { readonly kind: 'answer'; readonly outcome: ProviderSearchOutcome; readonly delayMs: number } | { readonly kind: 'hang' };

/** One request the fake received, and what its signal looked like. */
export interface ReceivedRequest {
  readonly provider: ProviderId;
  readonly query: string;
  readonly limit: number;
  readonly credentials: ProviderSearchRequest['credentials'];
  readonly signal: AbortSignal;
  /** The steering fields as sent (absent when the request left them out). */
  readonly searchBy?: ProviderSearchRequest['searchBy'];
  readonly years?: ProviderSearchRequest['years'];
  readonly includeAbstracts?: boolean;
  /** Whether the fake saw the signal abort before it answered (it then answered `cancelled`). */
  sawAbort: boolean;
}

/**
 * In-memory {@link ProviderClient} for tests. Script each provider, run the use case, then look
 * at what the fake received. Keeps the port's promise: never throws, and answers `cancelled` as
 * soon as the request's signal aborts. An unscripted provider answers zero records at once.
 *
 * ```ts
 * const providers = new FakeProviderClient()
 *   .respondWith('openalex', [record], { delayMs: 30 })   // slow
 *   .respondWith('semantic_scholar', [record])           // fast
 *   .failWith('crossref', 'http_error')                  // e.g. a 503
 *   .hangUntilAborted('arxiv');                          // only cancellation ends it
 * providers.requests / providers.requestTo('openalex') / providers.calledProviders()
 * ```
 */
export class FakeProviderClient implements ProviderClient {
  /** Every request received, in arrival order. */
  readonly requests: ReceivedRequest[] = [];
  private readonly scripts = new Map<ProviderId, Script>();

  /** `provider` answers these records (not from the cache unless `cached`). */
  respondWith(provider: ProviderId, records: readonly ProviderRecord[], options: FakeTiming & { cached?: boolean } = {}): this {
    const outcome: ProviderSearchOutcome = { ok: true, value: { records, cached: options.cached ?? false } };
    this.scripts.set(provider, { kind: 'answer', outcome, delayMs: options.delayMs ?? 0 });
    return this;
  }

  /** `provider` fails with this public kind (`http_error` for a 503, `timeout`, …), and a connection failure's cause when given. */
  failWith(provider: ProviderId, kind: ProviderFailureKind, options: FakeTiming & { cause?: TransportCause } = {}): this {
    const outcome: ProviderSearchOutcome = { ok: false, error: options.cause === undefined ? { kind } : { kind, cause: options.cause } };
    this.scripts.set(provider, { kind: 'answer', outcome, delayMs: options.delayMs ?? 0 });
    return this;
  }

  /** `provider` never answers until its request's signal aborts (then `cancelled`). */
  hangUntilAborted(provider: ProviderId): this {
    this.scripts.set(provider, { kind: 'hang' });
    return this;
  }

  /** Providers asked, in arrival order. */
  calledProviders(): ProviderId[] {
    return this.requests.map((request) => request.provider);
  }

  /** The request `provider` received (the first, if several). */
  requestTo(provider: ProviderId): ReceivedRequest | undefined {
    return this.requests.find((request) => request.provider === provider);
  }

  search(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    const received: ReceivedRequest = {
      provider: request.provider,
      query: request.query,
      limit: request.limit,
      credentials: { ...request.credentials },
      signal: request.signal,
      ...(request.searchBy === undefined ? {} : { searchBy: request.searchBy }),
      ...(request.years === undefined ? {} : { years: { ...request.years } }),
      ...(request.includeAbstracts === undefined ? {} : { includeAbstracts: request.includeAbstracts }),
      sawAbort: false,
    };
    this.requests.push(received);
    const script = this.scripts.get(request.provider) ?? {
      kind: 'answer',
      outcome: { ok: true, value: { records: [], cached: false } },
      delayMs: 0,
    };
    return new Promise((resolve) => {
      const cancelled = () => {
        received.sawAbort = true;
        if (timer !== undefined) clearTimeout(timer);
        resolve({ ok: false, error: { kind: 'cancelled' } });
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      if (request.signal.aborted) return cancelled();
      request.signal.addEventListener('abort', cancelled, { once: true });
      if (script.kind === 'hang') return;
      timer = setTimeout(() => {
        request.signal.removeEventListener('abort', cancelled);
        resolve(script.outcome);
      }, script.delayMs);
    });
  }
}
