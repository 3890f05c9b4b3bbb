import type { BibliographyParser, BibliographyParserSource } from '../ports/bibliography-parser.port.js';
import { ProviderRuntimeUnavailableError } from '../ports/provider-client.port.js';
import type { ReferenceLookup, ReferenceLookupSession } from '../ports/reference-lookup.port.js';
import type { ProviderRuntimeLoader } from './lazy-provider-client.js';

/**
 * A {@link ReferenceLookup} that builds the real one when a session is first asked a question,
 * and shares it afterwards. A failure to build is remembered: every question then rejects with
 * {@link ProviderRuntimeUnavailableError} (the tool answers `provider-runtime-unavailable`).
 */
class LazyReferenceLookup implements ReferenceLookup {
  private lookup: Promise<ReferenceLookup> | undefined;

  /** `load` is called at most once, when a session is first asked. */
  constructor(private readonly load: () => Promise<ReferenceLookup>) {}

  session(...opening: Parameters<ReferenceLookup['session']>): ReferenceLookupSession {
    let real: Promise<ReferenceLookupSession> | undefined;
    let opened: ReferenceLookupSession | undefined;
    const session = (): Promise<ReferenceLookupSession> => {
      this.lookup ??= this.load();
      real ??= this.lookup.then(
        (lookup) => (opened = lookup.session(...opening)),
        () => Promise.reject(new ProviderRuntimeUnavailableError()),
      );
      return real;
    };
    return {
      byIdentifier: (identifier) => session().then((it) => it.byIdentifier(identifier)),
      search: (query) => session().then((it) => it.search(query)),
      updateStatus: (dois) => session().then((it) => it.updateStatus(dois)),
      requests: () => opened?.requests() ?? 0,
    };
  }
}

/**
 * The undici reference lookup, built on the first question from the shared provider runtime (its
 * HTTP policy, so the check and the search share each provider's pacing lane) and the lookup
 * adapter module: neither is loaded before a reference is checked.
 */
export const lazyUndiciReferenceLookup = (runtime: ProviderRuntimeLoader): ReferenceLookup =>
  new LazyReferenceLookup(() =>
    Promise.all([runtime(), import('../adapters/reference-lookup/index.js')]).then(([{ http }, adapter]) => new adapter.UndiciReferenceLookup({ http })),
  );

/**
 * The BibTeX parser, imported on the first call that reads BibTeX (its library is about 5 MB of
 * code: start-up and every other call never load it). Every call shares the one load.
 */
export function lazyBibliographyParser(): BibliographyParserSource {
  let loading: Promise<BibliographyParser> | undefined;
  return { load: () => (loading ??= import('../adapters/bibtex-parser/index.js').then((adapter) => new adapter.RetorquereBibliographyParser())) };
}
