import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { PageOffer, UrlHandOff } from '../../domain/shared/url-hand-off.js';
import { offerOf } from './url-offers.js';
import { nodeCrypto } from './node-crypto.js';

/** The key of the one input request Qiongli sends: the page to open. */
const OPEN_PAGE_INPUT = 'open_page';
/** How long a `requestState` stays valid: 5 minutes, time for the person to answer the client's prompt. */
export const REQUEST_STATE_TTL_MS = 5 * 60_000;
/** Input requests a connection keeps waiting for their retry; past it the oldest is forgotten. */
export const MAX_PENDING_INPUTS = 16;

/** What a retried call with a `requestState` comes to. */
export type Resumed =
  /** The state is not one this connection issued for this very call, or it expired or was used: `-32602`. */
  | { readonly kind: 'invalid-state' }
  /** `inputResponses` is not a map of elicitation results: `-32602`. */
  | { readonly kind: 'malformed-responses' }
  /** The client answered the input request: the call completes with `finish(offer)`. */
  | { readonly kind: 'answered'; readonly handOff: UrlHandOff; readonly offer: PageOffer }
  /** The retry carried no answer to it: the same request again, under a new state. */
  | { readonly kind: 'asked-again'; readonly encoded: string };

interface Pending {
  readonly handOff: UrlHandOff;
  readonly toolName: string;
  readonly argsKey: string;
  readonly expiresAt: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON with object keys sorted at every depth: the same arguments give the same text, whatever their key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : isPlainObject(value)
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** A digest of a call's arguments, which binds a state to the call it was issued for. */
const argsKeyOf = (args: Record<string, unknown>): string => nodeCrypto().createHash('sha256').update(canonical(args), 'utf8').digest('base64url');

/**
 * The 2026-07-28 multi-round-trip requests of one connection (docs/protocol.md#input-required-results):
 * a hand-off is answered with an `InputRequiredResult` holding a URL-mode elicitation and a
 * `requestState` sealed with the {@link SealedTokens} port (bound to the tool's name and a digest
 * of its arguments, valid {@link REQUEST_STATE_TTL_MS}). The server keeps the hand-off under the
 * state's nonce until the retry, which consumes it: a state works once. A tampered, replayed,
 * expired or foreign state (another tool, other arguments, another process) is refused alike.
 */
export class InputRequests {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly sealer: SealedTokens,
    private readonly serverMeta: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the hand-off for the retry and returns the encoded `InputRequiredResult`. */
  ask(handOff: UrlHandOff, toolName: string, args: Record<string, unknown>): string {
    const now = this.now();
    for (const [nonce, entry] of this.pending) if (entry.expiresAt < now) this.pending.delete(nonce);
    while (this.pending.size >= MAX_PENDING_INPUTS) this.pending.delete(this.pending.keys().next().value as string);
    const nonce = nodeCrypto().randomUUID();
    const argsKey = argsKeyOf(args);
    this.pending.set(nonce, { handOff, toolName, argsKey, expiresAt: now + REQUEST_STATE_TTL_MS });
    const requestState = this.sealer.seal(purposeOf(toolName), { n: nonce, a: argsKey }, REQUEST_STATE_TTL_MS);
    const inputRequests = { [OPEN_PAGE_INPUT]: { method: 'elicitation/create', params: { mode: 'url', message: handOff.message, url: handOff.url } } };
    return `{"resultType":"input_required","inputRequests":${JSON.stringify(inputRequests)},"requestState":${JSON.stringify(requestState)},"_meta":${this.serverMeta}}`;
  }

  /** A retry of `toolName` with `args`, carrying `requestState` and maybe `inputResponses`. */
  resume(toolName: string, args: Record<string, unknown>, requestState: unknown, inputResponses: unknown): Resumed {
    const pending = this.consume(toolName, args, requestState);
    if (pending === undefined) return { kind: 'invalid-state' };
    if (inputResponses === undefined) return { kind: 'asked-again', encoded: this.ask(pending.handOff, toolName, args) };
    if (!isPlainObject(inputResponses)) return { kind: 'malformed-responses' };
    const answer = inputResponses[OPEN_PAGE_INPUT];
    if (answer === undefined) return { kind: 'asked-again', encoded: this.ask(pending.handOff, toolName, args) };
    const offer = offerOf(answer);
    return offer === 'no_answer' ? { kind: 'malformed-responses' } : { kind: 'answered', handOff: pending.handOff, offer };
  }

  /** The pending hand-off a state names, removed so that the state works once; undefined when it does not open for this call. */
  private consume(toolName: string, args: Record<string, unknown>, requestState: unknown): Pending | undefined {
    if (typeof requestState !== 'string') return undefined;
    const payload = this.sealer.open(purposeOf(toolName), requestState);
    if (!isPlainObject(payload) || typeof payload.n !== 'string' || payload.a !== argsKeyOf(args)) return undefined;
    const pending = this.pending.get(payload.n);
    if (pending === undefined || pending.toolName !== toolName || pending.argsKey !== payload.a || pending.expiresAt < this.now()) return undefined;
    this.pending.delete(payload.n);
    return pending;
  }
}

/** The sealing purpose of a state: the tool it was issued for. */
const purposeOf = (toolName: string): string => `qiongli.requestState/${toolName}`;
