import type { SetupPages } from '../../ports/setup-page.port.js';
import type { ConfigureProviderArguments } from '../provider-config-mutation/configure-provider.js';
import { SAVE_PROVIDER_NAMES } from '../provider-config-mutation/provider-names.js';
import { succeed, toolError, type Outcome } from '../shared/tool-outcome.js';
import { UrlHandOff } from '../shared/url-hand-off.js';
import { elicitationMessage, setupPageResult, type SetupPageResult } from './setup-page-result.js';

/**
 * The `qiongli_configure_provider` / `qiongli_open_config_wizard` use case of Standard: opens the
 * setup page (or finds the one already open) and hands its address to the person. The arguments
 * are checked by the same schema as Lite's (docs/tools.md#3-qiongli_configure_provider).
 *
 * Succeeds with a {@link UrlHandOff}: the MCP adapter offers the page to a client that can open
 * URLs and returns `finish(offer)`. Fails with `setup-page-unavailable` when the page cannot
 * listen (the requested port is taken).
 */
export async function openSetupPage(pages: SetupPages, args: ConfigureProviderArguments): Promise<Outcome<UrlHandOff<SetupPageResult>>> {
  const provider = args.provider === undefined ? undefined : SAVE_PROVIDER_NAMES[args.provider];
  const opening = await pages.open({ host: args.host, port: args.port, ...(provider === undefined ? {} : { provider }) });
  if (!opening.ok) return toolError('setup-page-unavailable');
  const page = opening.value;
  return succeed(new UrlHandOff(page.url, elicitationMessage(page.provider), page.saved, (offer) => setupPageResult(page, offer)));
}
