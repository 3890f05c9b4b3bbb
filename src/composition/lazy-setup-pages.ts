import type { SetupBackend } from '../ports/setup-backend.port.js';
import type { SetupPageOpening, SetupPageRequest, SetupPages } from '../ports/setup-page.port.js';

/**
 * {@link SetupPages} that loads the loopback page adapter (and `node:http` with it) on the first
 * `open`: no other tool, and no start of the program, pays for loading them (docs/runtime.md).
 * A failure to load answers like a page that cannot listen.
 */
export class LazySetupPages implements SetupPages {
  private pages: Promise<SetupPages> | undefined;

  constructor(private readonly backend: SetupBackend) {}

  open(request: SetupPageRequest): Promise<SetupPageOpening> {
    this.pages ??= import('../adapters/setup-page/index.js').then((adapter) => new adapter.LoopbackSetupPages(this.backend));
    return this.pages.then(
      (pages) => pages.open(request),
      (): SetupPageOpening => ({ ok: false, error: 'listen-failed' }),
    );
  }

  close(): Promise<void> {
    return this.pages === undefined ? Promise.resolve() : this.pages.then((pages) => pages.close()).catch(() => undefined);
  }
}
