import { META, type LegacyRevision } from './protocol-constants.js';
import type { Params } from './admission.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a capabilities object declares URL-mode elicitation: `elicitation.url` is an object. */
const declaresUrlElicitation = (capabilities: unknown): boolean =>
  isPlainObject(capabilities) && isPlainObject(capabilities.elicitation) && isPlainObject(capabilities.elicitation.url);

/**
 * Whether a legacy client can open URLs for the server: it negotiated 2025-11-25 (the first
 * revision with URL-mode elicitation) and its `initialize` declared `capabilities.elicitation.url`.
 */
export const legacyClientOpensUrls = (revision: LegacyRevision, initializeParams: Params): boolean =>
  revision === '2025-11-25' && declaresUrlElicitation(initializeParams.capabilities);

/** Whether a modern request's client can open URLs: its envelope's client capabilities declare `elicitation.url`. */
export function modernClientOpensUrls(params: Params | undefined): boolean {
  const meta = params?._meta;
  return isPlainObject(meta) && declaresUrlElicitation(meta[META.clientCapabilities]);
}
