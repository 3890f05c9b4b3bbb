import type { ConfigSource } from '../ports/config-source.port.js';
import type { SettingsDraft, SettingsEdit, SettingsWriter, SettingsWriteResult } from '../ports/settings-writer.port.js';

/**
 * The Standard profile's {@link SettingsWriter}: the settings file of this process (its
 * environment, platform and home), loaded on the first read or write, so starting the server
 * loads no file-writing code (docs/runtime.md). A failure to load answers `failed`.
 */
export class LazySettingsWriter implements SettingsWriter {
  private writer: Promise<SettingsWriter> | undefined;

  private load(): Promise<SettingsWriter> {
    this.writer ??= Promise.all([import('node:os'), import('../adapters/config-source/settings-file-writer.js')]).then(
      ([os, adapter]) => new adapter.SettingsFileWriter({ env: process.env, platform: process.platform, homedir: os.homedir }),
    );
    return this.writer;
  }

  readForChange(): Promise<SettingsDraft> {
    return this.load().then(
      (writer) => writer.readForChange(),
      (): SettingsDraft => ({ status: 'unavailable', rule: 'unreadable' }),
    );
  }

  write(basedOn: number | null, edit: SettingsEdit): Promise<SettingsWriteResult> {
    return this.load().then(
      (writer) => writer.write(basedOn, edit),
      (): SettingsWriteResult => ({ status: 'failed' }),
    );
  }
}

/**
 * A {@link SettingsWriter} over settings given as a whole `ConfigSource` (an embedder's or a
 * test's): it reads them and writes nothing (`failed`). Bound when the settings source is
 * replaced but no writer is given, so a replaced source is never paired with the real file.
 */
export class ReadOnlySettingsWriter implements SettingsWriter {
  constructor(private readonly source: ConfigSource) {}

  async readForChange(): Promise<SettingsDraft> {
    const reading = await this.source.read();
    return reading.status === 'available' ? { status: 'available', settings: reading.settings, revision: null } : reading;
  }

  write(): Promise<SettingsWriteResult> {
    return Promise.resolve({ status: 'failed' });
  }
}
