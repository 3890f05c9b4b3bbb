import type { NativeSettings, SettingsRule } from '../../src/ports/config-source.port.js';
import type { SettingsDraft, SettingsEdit, SettingsWriter, SettingsWriteResult } from '../../src/ports/settings-writer.port.js';
import { DEFAULT_SETTINGS } from '../../src/domain/provider-readiness/provider-readiness.js';

/**
 * In-memory {@link SettingsWriter} for the domain tests: it holds settings and a revision,
 * applies edits with the port's compare-and-swap, and records every write, so a test can check
 * what was written, in which order relative to the secret store, and that refused writes
 * changed nothing.
 *
 * ```ts
 * FakeSettingsWriter.defaults()                 // no document yet (revision null)
 * FakeSettingsWriter.at(4, settings)            // a document at revision 4
 * FakeSettingsWriter.unavailable('not-json')    // every read and write: that rule
 * writer.refuseNextWrite({ status: 'conflict' }) // the next write answers this instead
 * writer.onWrite = () => …                      // runs before a write is applied
 * ```
 */
export class FakeSettingsWriter implements SettingsWriter {
  /** Every write asked for, refused ones included, in order. */
  readonly writes: { basedOn: number | null; edit: SettingsEdit }[] = [];
  /** Runs when a write is asked for, before it is applied (e.g. to look at the secret store then). */
  onWrite: (() => void) | undefined;
  private refusal: SettingsWriteResult | undefined;

  private constructor(
    private current: NativeSettings,
    private revisionNow: number | null,
    private readonly rule: SettingsRule | undefined,
  ) {}

  static defaults(): FakeSettingsWriter {
    return new FakeSettingsWriter(DEFAULT_SETTINGS, null, undefined);
  }

  static at(revision: number, settings: NativeSettings): FakeSettingsWriter {
    return new FakeSettingsWriter(settings, revision, undefined);
  }

  static unavailable(rule: SettingsRule): FakeSettingsWriter {
    return new FakeSettingsWriter(DEFAULT_SETTINGS, null, rule);
  }

  /** The settings now held. */
  get settings(): NativeSettings {
    return this.current;
  }

  /** The revision now held (`null`: no document yet). */
  get revision(): number | null {
    return this.revisionNow;
  }

  /** The next write answers `result` and changes nothing. */
  refuseNextWrite(result: SettingsWriteResult): void {
    this.refusal = result;
  }

  readForChange(): Promise<SettingsDraft> {
    if (this.rule !== undefined) return Promise.resolve({ status: 'unavailable', rule: this.rule });
    return Promise.resolve({ status: 'available', settings: this.current, revision: this.revisionNow });
  }

  write(basedOn: number | null, edit: SettingsEdit): Promise<SettingsWriteResult> {
    this.writes.push({ basedOn, edit });
    this.onWrite?.();
    if (this.rule !== undefined) return Promise.resolve({ status: 'unavailable', rule: this.rule });
    const refusal = this.refusal;
    this.refusal = undefined;
    if (refusal !== undefined) return Promise.resolve(refusal);
    if (basedOn !== this.revisionNow) return Promise.resolve({ status: 'conflict' });
    this.current = {
      providers: { ...this.current.providers, ...edit.providers },
      sources: { ...this.current.sources, ...edit.sources },
      zotero: edit.zotero ?? this.current.zotero,
    } as NativeSettings;
    this.revisionNow = (this.revisionNow ?? 0) + 1;
    return Promise.resolve({ status: 'written', revision: this.revisionNow });
  }
}
