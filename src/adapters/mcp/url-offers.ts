import { nodeCrypto } from './node-crypto.js';
import type { PageOffer, UrlHandOff } from '../../domain/shared/url-hand-off.js';
import type { ClientRequests } from './client-requests.js';
import { notificationFrame } from './json-rpc.js';
import type { InputRequests } from './input-requests.js';

/** How one `tools/call` may offer a page to its client (docs/protocol.md#url-elicitation). */
export type OfferRoute =
  /** The client did not declare URL-mode elicitation: the result carries the address only. */
  | { readonly kind: 'result-only' }
  /** A 2025-11-25 client with URL mode: an `elicitation/create` request, then `notifications/elicitation/complete`. */
  | { readonly kind: 'elicit'; readonly requests: ClientRequests; readonly send: (frame: string) => void; readonly signal: AbortSignal }
  /** A 2026-07-28 client with URL mode: an `InputRequiredResult`; the client retries with the answer. */
  | { readonly kind: 'input-required'; readonly inputs: InputRequests; readonly toolName: string; readonly args: Record<string, unknown> };

/** What offering led to: the tool's final value, or an encoded `InputRequiredResult` (the call ends there). */
export type Offered = { readonly kind: 'final'; readonly value: unknown } | { readonly kind: 'input-required'; readonly encoded: string };

/** The offer outcome of an elicitation result's `action`; anything else counts as no answer. */
export function offerOf(result: unknown): PageOffer {
  const action = result !== null && typeof result === 'object' ? (result as { action?: unknown }).action : undefined;
  if (action === 'accept') return 'accepted';
  if (action === 'decline') return 'declined';
  if (action === 'cancel') return 'cancelled';
  return 'no_answer';
}

/**
 * Offers a hand-off's page the way the route allows and settles on the tool's value. On the
 * 2025-11-25 route an accepted offer is followed, once the page reports a successful save, by
 * `notifications/elicitation/complete` with the same `elicitationId` (sent only if the connection
 * still serves).
 */
export async function offerUrl(handOff: UrlHandOff, route: OfferRoute): Promise<Offered> {
  switch (route.kind) {
    case 'result-only':
      return { kind: 'final', value: handOff.finish('not_offered') };
    case 'input-required':
      return { kind: 'input-required', encoded: route.inputs.ask(handOff, route.toolName, route.args) };
    case 'elicit': {
      const elicitationId = nodeCrypto().randomUUID();
      const params = { mode: 'url', message: handOff.message, url: handOff.url, elicitationId };
      const answer = await route.requests.ask('elicitation/create', params, route.send, route.signal);
      const offer = answer.kind === 'result' ? offerOf(answer.value) : 'no_answer';
      if (offer === 'accepted')
        void handOff.completed.then((saved) => {
          if (saved) route.send(notificationFrame('notifications/elicitation/complete', { elicitationId }));
        });
      return { kind: 'final', value: handOff.finish(offer) };
    }
  }
}
