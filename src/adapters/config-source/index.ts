/** The native settings file adapter of the ConfigSource port (docs/configuration.md), and its pure parts. */
export { NativeSettingsFileSource, type NativeSettingsFileSourceOptions } from './native-settings-file-source.js';
export {
  locateSettings,
  SETTINGS_FILE_NAME,
  CONFIG_DIRECTORY_NAME,
  type ConfigEnvironment,
  type SettingsLocation,
} from './settings-location.js';
export { parseSettingsDocument, settingsDocumentSchema, SETTINGS_DOCUMENT_KIND, SETTINGS_SCHEMA_VERSION } from './settings-document.js';
export { MAX_SETTINGS_BYTES } from './settings-file-bytes.js';
export { hasDuplicateKeys } from './json-duplicate-keys.js';
