import type { SetupBackend } from '../../ports/setup-backend.port.js';
import type { SetupPageOpening, SetupPageRequest, SetupPages } from '../../ports/setup-page.port.js';
import { failure, success } from '../../domain/shared/result.js';
import { PAGE_TIMINGS, RunningPage, type PageTimings } from './running-page.js';

/**
 * {@link SetupPages} served by this process on a loopback listener (docs/setup-page.md): one page
 * at a time; while it is open, every `open` describes it (`already_running`) instead of starting
 * another. Timings are the product's unless a test passes shorter ones.
 */
export class LoopbackSetupPages implements SetupPages {
  private current: RunningPage | undefined;
  private starting: Promise<SetupPageOpening> | undefined;

  constructor(
    private readonly backend: SetupBackend,
    private readonly timings: PageTimings = PAGE_TIMINGS,
    private readonly now: () => number = Date.now,
  ) {}

  open(request: SetupPageRequest): Promise<SetupPageOpening> {
    if (this.current?.isOpen) return Promise.resolve(success(this.current.describe('already_running')));
    // A second call while the first is still binding waits for it and describes that page.
    if (this.starting !== undefined)
      return this.starting.then((opening) => (opening.ok && this.current?.isOpen ? success(this.current.describe('already_running')) : opening));
    this.starting = RunningPage.start(request, this.backend, this.timings, this.now()).then((page): SetupPageOpening => {
      this.starting = undefined;
      if (page === undefined) return failure('listen-failed');
      this.current = page;
      return success(page.describe('ready'));
    });
    return this.starting;
  }

  /** Closes the open page; a page still binding is closed as soon as it listens. */
  close(): Promise<void> {
    const starting = this.starting;
    const page = this.current;
    this.current = undefined;
    if (starting !== undefined) return starting.then(() => this.close());
    return page === undefined ? Promise.resolve() : page.close();
  }
}
