import { failed, type CommandReport } from '../adapters/cli/config-output.js';
import { EXIT_OK } from '../adapters/cli/exit-codes.js';
import { LoopbackSetupPages } from '../adapters/setup-page/index.js';
import type { InterruptHook } from '../adapters/terminal/index.js';
import type { SettingsChangePorts } from '../domain/provider-config-mutation/settings-change-ports.js';
import { closingTime } from '../domain/provider-setup/closing-time.js';
import { StoringSetupBackend } from '../domain/provider-setup/storing-setup-backend.js';
import type { ProviderId } from '../ports/config-source.port.js';
import type { SetupBackend } from '../ports/setup-backend.port.js';
import type { SetupPages } from '../ports/setup-page.port.js';

/** What `qiongli config setup` needs besides the configuration ports. */
export interface SetupCommandParts {
  /** Prints a line as soon as it is known (the address, before the wait). */
  readonly writeStdout: (text: string) => void;
  /** Ctrl-C and the other interrupts end the wait. */
  readonly onInterrupt: InterruptHook;
  /** The page (default: the loopback page, the same one the Standard profile serves). */
  readonly pagesOver?: (backend: SetupBackend) => SetupPages;
}

/**
 * `qiongli config setup [PROVIDER]` (docs/command-line.md#qiongli-config): serves the Standard
 * profile's setup page, over the same backend and use cases, to the person at this terminal.
 * Prints the address on stdout at once, then waits: exit 0 once a save succeeded, 1 when the
 * page closed unsaved (10 minutes), could not listen, or the person pressed Ctrl-C (the page is
 * closed then). The page never echoes a value, and neither does this command.
 */
export async function runSetupCommand(ports: SettingsChangePorts, provider: ProviderId | undefined, parts: SetupCommandParts): Promise<CommandReport> {
  const backend = new StoringSetupBackend(ports);
  const pages = parts.pagesOver?.(backend) ?? new LoopbackSetupPages(backend);
  const opening = await pages.open({ host: '127.0.0.1', port: 0, ...(provider === undefined ? {} : { provider }) });
  if (!opening.ok) return failed('the setup page could not listen on 127.0.0.1');
  const page = opening.value;
  parts.writeStdout(
    [
      `Open this address in a web browser on this computer (it works in one browser, until ${closingTime(page.expiresAt)}):`,
      `  ${page.url}`,
      'Waiting for you to press Save on that page; Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  let unhook = (): void => undefined;
  const interrupted = new Promise<'interrupted'>((resolve) => {
    unhook = parts.onInterrupt(() => resolve('interrupted'));
  });
  const end = await Promise.race([page.saved.then((saved) => (saved ? 'saved' : 'closed')), interrupted]);
  unhook();
  await pages.close();
  if (end === 'saved') return { stdout: 'Settings saved. A running Qiongli server uses them on its next search.\n', stderr: '', code: EXIT_OK };
  return failed(end === 'closed' ? 'the setup page closed without a save' : 'stopped before a save; the setup page is closed');
}
