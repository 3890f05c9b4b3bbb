/**
 * The native settings file adapter of the ConfigSource port (docs/configuration.md), and its pure
 * parts. The SettingsWriter adapter (`settings-file-writer.ts`) is not re-exported here: this
 * module is on the serve path, and the writer is imported only where settings are changed.
 */
export { NativeSettingsFileSource, type NativeSettingsFileSourceOptions } from './native-settings-file-source.js';
export {
  locateSettings,
  type ConfigEnvironment,
} from './settings-location.js';
export { parseSettingsDocument, parseSettingsText } from './settings-document.js';
export { MAX_SETTINGS_BYTES } from './settings-file-bytes.js';
