import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { failed, renderChange, renderStatus, renderUnlocated, type CommandReport } from '../adapters/cli/config-output.js';
import { renderInspection } from '../adapters/cli/config-check-output.js';
import type { ConfigAction } from '../adapters/cli/parsed-command.js';
import { NativeSettingsFileSource, type NativeSettingsFileSourceOptions } from '../adapters/config-source/native-settings-file-source.js';
import { SettingsFileWriter } from '../adapters/config-source/settings-file-writer.js';
import { LOCK_FILE_NAME } from '../adapters/config-source/settings-lock.js';
import { freezeSettings } from '../adapters/config-source/settings-document.js';
import { readSecret, SECRET_INPUT_MESSAGES, type InterruptHook } from '../adapters/terminal/index.js';
import { configStatus } from '../domain/config-status/config-status.js';
import { setEmail, setEnabled } from '../domain/provider-config-mutation/change-settings.js';
import { removeKey, setKey, startKeyChange } from '../domain/provider-config-mutation/change-keys.js';
import { MAX_KEY_BYTES } from '../domain/provider-config-mutation/change-input-checks.js';
import { TARGET_DISPLAY_NAMES } from '../domain/provider-config-mutation/provider-names.js';
import { refusalMessage, type SettingsChangeOutcome } from '../domain/provider-config-mutation/settings-change-outcome.js';
import type { SettingsChangePorts } from '../domain/provider-config-mutation/settings-change-ports.js';
import { DEFAULT_SETTINGS } from '../domain/provider-readiness/provider-readiness.js';
import { SETTINGS_RULE_REASONS } from '../domain/shared/settings-rule-messages.js';
import type { SecretReference, SecretStore } from '../ports/secret-store.port.js';
import { profileSecretStore } from './secret-store-binding.js';
import { freshSecretReference } from './secret-references.js';
import { runSetupCommand } from './config-setup.js';

/** The process surface a `qiongli config` command uses: the person's terminal. */
export interface ConfigCommandIo {
  /** Where `set-key` reads the key: a terminal (hidden) or a pipe. */
  readonly stdin: Readable;
  readonly writeStdout: (text: string) => void;
  /** Errors, warnings and the key prompt. */
  readonly writeStderr: (text: string) => void;
}

/** What a test (or an embedder) may replace; everything defaults to this process's real parts. */
export interface ConfigCommandOverrides {
  /** Where the settings are and who runs the command (default: this process's environment, platform, home and uid). */
  readonly environment?: NativeSettingsFileSourceOptions;
  /** The credential store (default: {@link profileSecretStore}, what `SecretStoreId` is bound to). */
  readonly secretStore?: SecretStore;
  /** Fresh secret references (default: `qsr1_` + 32 hex digits from the system's random source). */
  readonly newSecretReference?: () => SecretReference;
  /** How an interrupt during the hidden key prompt or `setup`'s wait is noticed (default: SIGINT, SIGTERM, SIGHUP and exit). */
  readonly onInterrupt?: InterruptHook;
}

export { freshSecretReference } from './secret-references.js';

const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Notices SIGINT, SIGTERM, SIGHUP and the process's exit while a hidden prompt has the terminal raw. */
const processInterrupts: InterruptHook = (handler) => {
  for (const signal of INTERRUPTS) process.on(signal, handler);
  process.on('exit', handler);
  return () => {
    for (const signal of INTERRUPTS) process.off(signal, handler);
    process.off('exit', handler);
  };
};

const thisProcess = (): NativeSettingsFileSourceOptions => ({ env: process.env, platform: process.platform, homedir });

/**
 * Runs one `qiongli config` command for a person at a terminal (docs/command-line.md#qiongli-config)
 * and resolves with its exit code: 0 done (or nothing to change), 1 failed (`error: <reason>`
 * on stderr). Loaded only when a config command runs, never on the `mcp serve` path (the
 * bundle builds it as a file of its own, docs/runtime.md). The secret store is the one the
 * composition root binds as `SecretStoreId`, so the terminal and the server use the same
 * store. Never rejects on expected failures.
 */
export async function runConfigCommand(action: ConfigAction, io: ConfigCommandIo, overrides: ConfigCommandOverrides = {}): Promise<number> {
  const report = await reportOf(action, io, overrides);
  if (report.stdout !== '') io.writeStdout(report.stdout);
  if (report.stderr !== '') io.writeStderr(report.stderr);
  return report.code;
}

async function reportOf(action: ConfigAction, io: ConfigCommandIo, overrides: ConfigCommandOverrides): Promise<CommandReport> {
  const environment = overrides.environment ?? thisProcess();
  const secrets = (): SecretStore => overrides.secretStore ?? profileSecretStore();
  if (action.name === 'check' || action.name === 'status') {
    const source = new NativeSettingsFileSource(environment);
    return action.name === 'check' ? renderInspection(await source.inspect()) : statusReport(source, secrets());
  }
  const ports: SettingsChangePorts = {
    settings: new SettingsFileWriter(environment),
    secrets: secrets(),
    newSecretReference: overrides.newSecretReference ?? freshSecretReference,
  };
  if (action.name === 'setup')
    return runSetupCommand(ports, action.provider, { writeStdout: io.writeStdout, onInterrupt: overrides.onInterrupt ?? processInterrupts });
  const location = new NativeSettingsFileSource(environment).location();
  const lockFile = location.kind === 'located' ? join(location.root, LOCK_FILE_NAME) : undefined;
  const change = (outcome: SettingsChangeOutcome): CommandReport => renderChange(action, outcome, lockFile);
  switch (action.name) {
    case 'enable':
    case 'disable':
      return change(await setEnabled(ports, action.target, action.name === 'enable'));
    case 'set-email':
      return change(await setEmail(ports, action.provider, action.address));
    case 'remove-key':
      return change(await removeKey(ports, action.provider));
    case 'set-key': {
      const start = await startKeyChange(ports, action.provider);
      if (!start.ok) return change(start.error);
      const prompt = `API key for ${TARGET_DISPLAY_NAMES[action.provider]} (typing is hidden; Enter to finish, Ctrl-C to cancel): `;
      const input = await readSecret(io.stdin, io.writeStderr, prompt, MAX_KEY_BYTES, overrides.onInterrupt ?? processInterrupts);
      if (!input.ok) return failed(SECRET_INPUT_MESSAGES[input.error]);
      return change(await setKey(ports, action.provider, input.value));
    }
  }
}

/** `qiongli config status`: the config-status domain data of the settings as they are now, as a table. */
async function statusReport(source: NativeSettingsFileSource, secrets: SecretStore): Promise<CommandReport> {
  const inspection = await source.inspect();
  if (inspection.kind === 'unlocated') return renderUnlocated(inspection.rule);
  if (inspection.kind === 'unusable') {
    return failed(`the settings are unusable: ${SETTINGS_RULE_REASONS[inspection.problems[0].rule]}`, ['Run qiongli config check to see what to fix.']);
  }
  const settings = inspection.kind === 'valid' ? inspection.settings : freezeSettings(DEFAULT_SETTINGS);
  // Both ask the store itself (bounded by its timeout): a module that cannot load, or a key it lacks, shows here.
  const [status, storeAvailable] = await Promise.all([configStatus({ status: 'available', settings }, secrets), secrets.reachable()]);
  if (!status.ok) return failed(refusalMessage({ refusal: 'settings-unavailable' }));
  const revision = inspection.kind === 'valid' ? inspection.revision : null;
  return renderStatus({ file: inspection.file, revision, storeAvailable, status: status.value, settings });
}
