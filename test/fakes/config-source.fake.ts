import type { ConfigSource, NativeSettings, ProviderId, ProviderSettings, SettingsReading, SettingsRule } from '../../src/ports/config-source.port.js';
import { DEFAULT_SETTINGS } from '../../src/domain/provider-readiness/provider-readiness.js';

/**
 * In-memory {@link ConfigSource} for tests. It answers a fixed reading and counts how often it
 * was asked, so a test can check that settings are read lazily (zero reads before first need)
 * or that a status tool did not read them twice.
 *
 * ```ts
 * FakeConfigSource.defaults()                                  // no settings file: every provider enabled, keyless
 * FakeConfigSource.withProviders({ crossref: { enabled: true, email: 'a@example.org' } })
 * FakeConfigSource.available(settings)                         // exactly these settings
 * FakeConfigSource.unavailable('unsafe-permissions')          // a file breaking that rule
 * ```
 */
export class FakeConfigSource implements ConfigSource {
  private count = 0;

  private constructor(private readonly reading: SettingsReading) {}

  /** Settings are available and are exactly `settings`. */
  static available(settings: NativeSettings): FakeConfigSource {
    return new FakeConfigSource({ status: 'available', settings });
  }

  /** As if no settings file existed: the defaults (every provider enabled, no key). */
  static defaults(): FakeConfigSource {
    return FakeConfigSource.available(settingsWith({}));
  }

  /** The defaults with the given providers replaced (e.g. `{ pubmed: { enabled: true } }`). */
  static withProviders(providers: Partial<Record<ProviderId, ProviderSettings>>): FakeConfigSource {
    return FakeConfigSource.available(settingsWith(providers));
  }

  /** Configuration unavailable under `rule` (a file that is not JSON, unreadable, a symlink, …). */
  static unavailable(rule: SettingsRule = 'not-json'): FakeConfigSource {
    return new FakeConfigSource({ status: 'unavailable', rule });
  }

  /** Number of `read()` calls so far. */
  get reads(): number {
    return this.count;
  }

  read(): Promise<SettingsReading> {
    this.count += 1;
    return Promise.resolve(this.reading);
  }
}

/** Builds settings: {@link DEFAULT_SETTINGS} with the given providers replaced. */
export function settingsWith(providers: Partial<Record<ProviderId, ProviderSettings>>): NativeSettings {
  return { ...DEFAULT_SETTINGS, providers: { ...DEFAULT_SETTINGS.providers, ...providers } };
}

/** Builds settings with every provider disabled except the given ones (keyless sources as by default). */
export function onlyEnabled(providers: Partial<Record<ProviderId, ProviderSettings>>): NativeSettings {
  const off = Object.fromEntries(Object.keys(DEFAULT_SETTINGS.providers).map((id) => [id, { enabled: false }])) as Record<ProviderId, ProviderSettings>;
  return { ...DEFAULT_SETTINGS, providers: { ...off, ...providers } };
}
