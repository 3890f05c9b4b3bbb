import * as z from 'zod';
import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type { OpenSetupPage } from '../../ports/setup-page.port.js';
import { PROVIDER_CATALOGUE } from '../shared/provider-catalogue.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import type { PageOffer } from '../shared/url-hand-off.js';

/** The values of `client_prompt`: how the offer to open the page went (see {@link PageOffer}). */
const PAGE_OFFERS = ['accepted', 'declined', 'cancelled', 'no_answer', 'not_offered'] as const satisfies readonly PageOffer[];

/** Result of `qiongli_configure_provider` / `qiongli_open_config_wizard` in Standard (docs/tools.md#3-qiongli_configure_provider). */
export const setupPageResultOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['ready', 'already_running']).describe('ready: this call opened the page; already_running: it was open before (one page at a time).'),
    url: z.string().describe('The setup page on this computer. It works in one browser only, and only until expires_at or a save.'),
    expires_at: z.string().describe('When the page closes by itself (ISO 8601, UTC).'),
    provider: z.enum(PROVIDER_IDS).describe('The provider the page shows alone, when one was asked for.').optional(),
    client_prompt: z
      .enum(PAGE_OFFERS)
      .describe(
        'Whether the client was asked to open the page, and the answer: accepted, declined, cancelled, no_answer, or not_offered (the client cannot open links: tell the person the url).',
      ),
    message: z.string().describe('What to tell the person now, word for word in the quotes.'),
  }),
);

/** The Standard configure result. */
export type SetupPageResult = z.output<ReturnType<typeof setupPageResultOutput>>;

/** `14:05 UTC` of an instant. */
const clockTime = (at: number): string => `${new Date(at).toISOString().slice(11, 16)} UTC`;

const subjectOf = (provider: ProviderId | undefined): string =>
  provider === undefined ? 'your literature providers' : PROVIDER_CATALOGUE[provider].displayName;

/** What the client shows the person when it asks to open the page (URL-mode elicitation). */
export const elicitationMessage = (provider: ProviderId | undefined): string =>
  `Qiongli's setup page on this computer: set up ${subjectOf(provider)} there. API keys typed on that page never pass through the chat.`;

/** The words the model says, per offer outcome; `open` is the sentence that gives the address. */
function messageFor(page: OpenSetupPage, offer: PageOffer): string {
  const until = clockTime(page.expiresAt);
  const subject = subjectOf(page.provider);
  if (page.tokenUsed)
    return `The setup page is already open in a browser on this computer. Say to the person: "Finish on the Qiongli setup page already open in your browser (${page.url}); it closes at ${until} or after you press Save." Do not ask for an API key in this chat.`;
  const visit = (lead: string): string =>
    `${lead} ${page.url} in a web browser on this computer. Type API keys on that page, never in this chat. The link works once and closes at ${until} or after you press Save.`;
  switch (offer) {
    case 'accepted':
      return `The client opened the setup page for the person. Say to the person: "Enter your settings on the Qiongli page that just opened and press Save. If it did not open, ${visit('go to')}" Their next search uses what they save.`;
    case 'declined':
    case 'cancelled':
      return `The person did not let the client open the setup page. Do not ask for an API key in this chat. If they want to set one up, say: "Whenever you like, ${visit('open')}"`;
    default:
      return `Say to the person: "To set up ${subject}, ${visit('open')}" Do not ask for an API key in this chat; their next search uses what they save.`;
  }
}

/** The tool's result for an open page and how the offer to open it went. */
export function setupPageResult(page: OpenSetupPage, offer: PageOffer): SetupPageResult {
  return {
    status: page.status,
    url: page.url,
    expires_at: new Date(page.expiresAt).toISOString(),
    ...(page.provider === undefined ? {} : { provider: page.provider }),
    client_prompt: offer,
    message: messageFor(page, offer),
  };
}
