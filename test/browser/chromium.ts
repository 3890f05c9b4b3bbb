import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). playwright-core never downloads a browser. */
const CHROMIUM = '/usr/bin/chromium';

/** The switches every run uses: headless, no sandbox (root in CI), nothing that reaches the network on its own. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * A fresh headless Chromium with its own user-data dir (no profile, no cookie from another run),
 * started without `DBUS_SESSION_BUS_ADDRESS` so it never talks to a desktop session.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`Debian's chromium is not installed at ${CHROMIUM}: apt-get install chromium (.ci/run does it as root)`);
  const profile = mkdtempSync(join(tmpdir(), 'qiongli-chromium-'));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && name !== 'DBUS_SESSION_BUS_ADDRESS') env[name] = value;
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS], env });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
