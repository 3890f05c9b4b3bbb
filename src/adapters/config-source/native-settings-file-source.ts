import { homedir } from 'node:os';
import type { ConfigSource, NativeSettings, SettingsReading } from '../../ports/config-source.port.js';
import { DEFAULT_SETTINGS } from '../../domain/provider-readiness/provider-readiness.js';
import { locateSettings, type ConfigEnvironment } from './settings-location.js';
import { readSettingsBytes } from './settings-file-bytes.js';
import { freezeSettings, parseSettingsDocument } from './settings-document.js';

/** Inputs of {@link NativeSettingsFileSource}: where to look, and who we are. */
export interface NativeSettingsFileSourceOptions extends ConfigEnvironment {
  /**
   * The uid the process runs as (`process.getuid`), or undefined where there is none. Defaults
   * to the real one; tests inject another to check the ownership rule without root.
   */
  readonly currentUid?: () => number | undefined;
}

const UNAVAILABLE: SettingsReading = Object.freeze({ status: 'unavailable' });

/**
 * The native settings document `settings.json` (docs/configuration.md), as a {@link ConfigSource}.
 *
 * Read lazily and once: nothing is touched until the first `read()`, and every later call
 * returns the same promise. No file → the defaults (arXiv only). A document that exists but
 * is unsafe or invalid → `unavailable` (see `readSettingsBytes` and `parseSettingsDocument`
 * for the exact rules; UTF-8 with an optional BOM). Never throws, never logs, and never puts
 * the path or any refused content into what it returns.
 */
export class NativeSettingsFileSource implements ConfigSource {
  private reading: Promise<SettingsReading> | undefined;

  constructor(private readonly options: NativeSettingsFileSourceOptions) {}

  /** A source for this process: real environment, platform, home directory and uid. */
  static forThisProcess(): NativeSettingsFileSource {
    return new NativeSettingsFileSource({ env: process.env, platform: process.platform, homedir });
  }

  /** The settings, read on the first call only; later calls share that result. */
  read(): Promise<SettingsReading> {
    this.reading ??= this.readOnce().catch(() => UNAVAILABLE);
    return this.reading;
  }

  private async readOnce(): Promise<SettingsReading> {
    const location = locateSettings(this.options);
    if (location.kind === 'invalid') return UNAVAILABLE;
    const posixModes = this.options.platform !== 'win32';
    const currentUid = posixModes ? (this.options.currentUid ?? defaultUid)() : undefined;
    const fetched = await readSettingsBytes(location.root, location.file, { posixModes, currentUid });
    if (fetched.kind === 'missing') return available(freezeSettings(DEFAULT_SETTINGS));
    if (fetched.kind === 'refused') return UNAVAILABLE;
    const text = decodeUtf8(fetched.bytes);
    const settings = text === undefined ? undefined : parseSettingsDocument(text);
    return settings === undefined ? UNAVAILABLE : available(settings);
  }
}

const available = (settings: NativeSettings): SettingsReading => Object.freeze({ status: 'available', settings });

const defaultUid = (): number | undefined => process.getuid?.();

/** Strict UTF-8 (a leading BOM is dropped); undefined when the bytes are not UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
