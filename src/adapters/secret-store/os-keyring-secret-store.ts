import type { Worker } from 'node:worker_threads';
import type { SecretPresence, SecretReference, SecretResolution, SecretStore, SecretWrite } from '../../ports/secret-store.port.js';
import { labelSecretServiceItem } from './secret-service-label.js';
import { sessionStoreReachable, type StoreEnvironment } from './session-store-reachable.js';
import type { KeyringModuleLocation } from './keyring-module-location.js';
import { KEYRING_WORKER_SOURCE } from './keyring-worker-source.js';

type Operation =
  | { readonly op: 'resolve' | 'presence'; readonly reference: string }
  | { readonly op: 'store' | 'remove'; readonly reference: string; readonly value?: string };
type Answer = { readonly status: 'resolved' | 'present' | 'missing' | 'unavailable' | 'done' | 'failed'; readonly value?: string };

/** A well-formed reference that no settings name (references are random): what {@link OsKeyringSecretStore.reachable} looks up. */
const PROBE_REFERENCE = `qsr1_${'0'.repeat(32)}`;

/** What a test (or an embedder) may set; the defaults are this process's. */
export interface OsKeyringOptions {
  /** Where the worker loads `@napi-rs/keyring` from (called, and a file verified, before each worker starts). */
  readonly locate: () => Promise<KeyringModuleLocation>;
  /** How long one native call may take before the store counts as unreachable (default 3 s). */
  readonly timeoutMs?: number;
  /** After a timeout, how long every request answers `unavailable` at once (default 30 s). */
  readonly coolDownMs?: number;
  readonly environment?: StoreEnvironment;
}

const UNAVAILABLE: Answer = Object.freeze({ status: 'unavailable' });

/**
 * The {@link SecretStore} over the operating system's credential store (docs/configuration.md#secrets):
 * macOS Keychain, Windows Credential Manager, the Secret Service on Linux (pinned: never the
 * kernel keyring), through `@napi-rs/keyring`. Service `qiongli`, account = the reference.
 *
 * The native calls are synchronous and may block on D-Bus, so they run in one worker thread,
 * started (and the native module loaded) on the first request, never at start-up. The worker is
 * unref'd: it never keeps the process alive. A call that takes longer than the timeout answers
 * `unavailable`, the worker is terminated and requests answer `unavailable` for a cool-down.
 * `available` is false once the store proved unreachable (module not loadable, no session bus,
 * a timeout) and, before any call, on Linux when no session bus is there to reach; `reachable()`
 * asks the store itself. `presence()` answers are kept per reference until this store writes,
 * deletes or resolves it. Never throws.
 */
export class OsKeyringSecretStore implements SecretStore {
  private worker: Worker | undefined;
  private location: Promise<KeyringModuleLocation | undefined> | undefined;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private nextId = 0;
  private answered: boolean | undefined;
  private coolingUntil = 0;
  private readonly presences = new Map<SecretReference, 'present' | 'missing'>();

  constructor(private readonly options: OsKeyringOptions) {}

  get available(): boolean {
    if (Date.now() < this.coolingUntil) return false;
    return this.answered ?? this.busThere();
  }

  /** Whether a call could be answered at all: not cooling down, and (on Linux) a session bus to reach. */
  private mayAsk(): boolean {
    return Date.now() >= this.coolingUntil && this.busThere();
  }

  private busThere(): boolean {
    return sessionStoreReachable(this.options.environment ?? { platform: process.platform, env: process.env });
  }

  /** Resolves `reference` from the credential store; `unavailable` when no store answers in time. */
  async resolve(reference: SecretReference): Promise<SecretResolution> {
    const answer = await this.ask({ op: 'resolve', reference });
    // What a search learns keeps the status's answer for this reference true as well.
    if (answer.status === 'resolved' || answer.status === 'missing') this.presences.set(reference, answer.status === 'missing' ? 'missing' : 'present');
    if (answer.status === 'resolved' && typeof answer.value === 'string') return { status: 'resolved', value: answer.value };
    return answer.status === 'missing' ? { status: 'missing' } : { status: 'unavailable' };
  }

  /** Whether the store answers a lookup now (the native module loads, and a lookup ends in time). */
  async reachable(): Promise<boolean> {
    if (!this.mayAsk()) return false;
    return (await this.ask({ op: 'presence', reference: PROBE_REFERENCE })).status !== 'unavailable';
  }

  /** Whether `reference` holds a secret; the value is dropped inside the worker. */
  async presence(reference: SecretReference): Promise<SecretPresence> {
    const known = this.presences.get(reference);
    if (known !== undefined) return known;
    if (!this.mayAsk()) return 'unavailable';
    const answer = await this.ask({ op: 'presence', reference });
    if (answer.status !== 'present' && answer.status !== 'missing') return 'unavailable';
    this.presences.set(reference, answer.status);
    return answer.status;
  }

  /**
   * Stores `value` under `reference` (replacing it). On the Secret Service the item is then
   * labelled `Qiongli: <description> (<reference>)` (best effort: the library's own label stays
   * when that fails); macOS and Windows show the service and account.
   */
  async store(reference: SecretReference, value: string, description?: string): Promise<SecretWrite> {
    this.presences.delete(reference);
    const written = writeOf(await this.ask({ op: 'store', reference, value }));
    if (written.status === 'done') this.presences.set(reference, 'present');
    const platform = this.options.environment?.platform ?? process.platform;
    if (written.status === 'done' && description !== undefined && platform !== 'darwin' && platform !== 'win32') {
      await labelSecretServiceItem('qiongli', reference, `Qiongli: ${description} (${reference})`, this.options.timeoutMs ?? 3000);
    }
    return written;
  }

  /** Deletes the secret under `reference`; nothing there is `done`. */
  async remove(reference: SecretReference): Promise<SecretWrite> {
    this.presences.delete(reference);
    const written = writeOf(await this.ask({ op: 'remove', reference }));
    if (written.status === 'done') this.presences.set(reference, 'missing');
    return written;
  }

  private async ask(operation: Operation): Promise<Answer> {
    if (Date.now() < this.coolingUntil) return UNAVAILABLE;
    const worker = await this.started();
    if (worker === undefined) return UNAVAILABLE;
    const id = this.nextId++;
    const answer = await new Promise<Answer>((settle) => {
      const timer = setTimeout(() => this.abandon(worker), this.options.timeoutMs ?? 3000);
      this.pending.set(id, (received) => {
        clearTimeout(timer);
        settle(received);
      });
      worker.postMessage({ id, ...operation });
    });
    if (answer.status !== 'failed') this.answered = answer.status !== 'unavailable';
    return answer;
  }

  private async started(): Promise<Worker | undefined> {
    if (this.worker !== undefined) return this.worker;
    // Located (and, for a file, verified) afresh for every worker, right before it loads the module.
    this.location ??= this.options.locate().catch(() => undefined);
    const location = await this.location;
    this.location = undefined;
    if (location === undefined) {
      this.answered = false;
      return undefined;
    }
    if (this.worker !== undefined) return this.worker;
    try {
      // Loaded here, not imported: worker_threads is kept out of the single executable's
      // start-up snapshot, whose CommonJS main cannot import() either.
      const { Worker } = process.getBuiltinModule('node:worker_threads');
      const worker = new Worker(KEYRING_WORKER_SOURCE, { eval: true, execArgv: [], workerData: location, stdout: true, stderr: true });
      worker.on('message', (message: Answer & { id: number }) => this.settle(message.id, message));
      worker.on('error', () => this.abandon(worker));
      worker.on('exit', () => this.abandon(worker));
      // After the listeners: adding a 'message' listener refs the port again.
      worker.unref();
      this.worker = worker;
      return worker;
    } catch {
      return undefined;
    }
  }

  private settle(id: number, answer: Answer): void {
    const settle = this.pending.get(id);
    this.pending.delete(id);
    settle?.(answer);
  }

  /** The worker timed out, failed or exited: every open request is `unavailable`, and the next starts afresh. */
  private abandon(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.coolingUntil = Date.now() + (this.options.coolDownMs ?? 30_000);
    this.answered = false;
    for (const id of [...this.pending.keys()]) this.settle(id, UNAVAILABLE);
    void worker.terminate().catch(() => undefined);
  }
}

const writeOf = (answer: Answer): SecretWrite =>
  answer.status === 'done' ? { status: 'done' } : answer.status === 'failed' ? { status: 'failed' } : { status: 'unavailable' };
