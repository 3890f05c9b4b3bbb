import type { NativeSettings } from '../../ports/config-source.port.js';
import type { FileSafetyPolicy } from './ownership-rule.js';
import { readSettingsBytes } from './settings-file-bytes.js';
import { parseSettingsText, type SettingsDocument } from './settings-document.js';
import { settingsProblem, type SettingsProblem } from './settings-problem.js';

/** What the settings file holds: nothing (the defaults apply), a valid document, or why it is unusable. */
export type SettingsLoad =
  | { readonly kind: 'missing' }
  | { readonly kind: 'document'; readonly settings: NativeSettings; readonly revision: number; readonly document: SettingsDocument }
  | { readonly kind: 'unusable'; readonly problems: readonly [SettingsProblem, ...SettingsProblem[]] };

/**
 * Reads and judges the settings file (docs/configuration.md): its bytes under the file rules
 * (`readSettingsBytes`), strict UTF-8 (a leading byte-order mark is dropped), then the
 * document rules (`parseSettingsText`). Never throws; `file` may be a route through a folder
 * held open (the writer's), `root` is the folder's own path.
 */
export async function loadSettings(root: string, file: string, policy: FileSafetyPolicy): Promise<SettingsLoad> {
  const fetched = await readSettingsBytes(root, file, policy);
  if (fetched.kind === 'missing') return fetched;
  if (fetched.kind === 'refused') return { kind: 'unusable', problems: [fetched.problem] };
  const text = decodeUtf8(fetched.bytes);
  if (text === undefined) return { kind: 'unusable', problems: [settingsProblem('not-utf8', 'it holds bytes that are not UTF-8; save it as UTF-8')] };
  const parsed = await parseSettingsText(text);
  return parsed.ok ? { kind: 'document', ...parsed.value } : { kind: 'unusable', problems: parsed.error };
}

/** Strict UTF-8 (a leading BOM is dropped); undefined when the bytes are not UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
