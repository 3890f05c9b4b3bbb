import type { ConfigSource, SettingsReading } from '../ports/config-source.port.js';

/**
 * A {@link ConfigSource} that builds the real one on its first read. The native settings
 * source takes the process's environment and platform when it is built; built lazily, a
 * container resolved ahead of time (the binary's start-up snapshot, see
 * {@link prebuildServingContainer}) never holds the environment of the machine that built it.
 */
export class LazyConfigSource implements ConfigSource {
  private source: ConfigSource | undefined;

  /** `build` is called at most once, on the first read. */
  constructor(private readonly build: () => ConfigSource) {}

  read(): Promise<SettingsReading> {
    this.source ??= this.build();
    return this.source.read();
  }
}
