import type { ToolCallContext, ToolDefinition } from './tool-definition.js';
import type { Revision } from './protocol-constants.js';
import { traitsOf } from './revisions.js';
import { parseArguments, parseArgumentsStepwise } from '../../domain/shared/parse-arguments.js';
import { argumentBoundsOf } from '../../domain/shared/json-bounds.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';
import { redactCredentials } from '../../domain/shared/redaction.js';
import { success, type Result } from '../../domain/shared/result.js';
import { EncodedResult } from '../../domain/shared/encoded-result.js';
import { UrlHandOff } from '../../domain/shared/url-hand-off.js';
import { offerUrl, type OfferRoute } from './url-offers.js';
import { answerBudgetOf } from '../../domain/shared/answer-budget.js';
import { LinkedAnswer } from '../../domain/shared/file-delivery.js';
import type { HeldResource } from '../../ports/held-resources.port.js';
import { TOOL_ERRORS, type ToolFailure } from '../../domain/shared/tool-failure.js';

/** The failure an answer over its budget is replaced with. */
const ANSWER_TOO_LARGE: ToolFailure = { kind: 'tool_error', reasonCode: 'answer-too-large', message: TOOL_ERRORS['answer-too-large'] };

/** The keys `tools/call` params may carry (docs/tools.md#results-and-errors). */
const CALL_KEYS = new Set(['name', 'arguments', '_meta']);
/** ... and on a 2026-07-28 connection the retry of an input-required call (docs/protocol.md#input-required-results). */
const RETRY_CALL_KEYS = new Set([...CALL_KEYS, 'inputResponses', 'requestState']);

/** A `tools/call` request that passed its params checks. */
export interface AcceptedCall {
  readonly tool: ToolDefinition;
  readonly args: Record<string, unknown>;
  /** Set when the call retries an input-required one: what it carried, unchecked yet. */
  readonly retry?: { readonly requestState: unknown; readonly inputResponses: unknown };
}

/** Why a `tools/call` was refused before running (answered with `-32602`). */
export type CallRefusal = 'malformed' | 'unknown-tool';

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks `tools/call` params: name (string), arguments (object, default {}), _meta (object),
 * nothing else — but `inputResponses` and `requestState` where `retries` (2026-07-28).
 */
export function acceptCall(
  params: Record<string, unknown> | undefined,
  find: (name: string) => ToolDefinition | undefined,
  retries = false,
): AcceptedCall | CallRefusal {
  if (params === undefined) return 'malformed';
  const keys = retries ? RETRY_CALL_KEYS : CALL_KEYS;
  for (const key in params) if (!keys.has(key)) return 'malformed';
  const { name, arguments: args = {}, _meta: meta } = params;
  if (typeof name !== 'string' || !isPlainObject(args)) return 'malformed';
  if (meta !== undefined && !isPlainObject(meta)) return 'malformed';
  const tool = find(name);
  if (tool === undefined) return 'unknown-tool';
  return 'requestState' in params ? { tool, args, retry: { requestState: params.requestState, inputResponses: params.inputResponses } } : { tool, args };
}

/**
 * Runs an accepted call and encodes its `CallToolResult` for the revision. Every result —
 * success or failure — passes the tool's redaction rule first (docs/tools.md#redaction). Returns the encoded
 * result object (not yet wrapped in a JSON-RPC response). A success that hands a page to the person
 * is offered along `route` first (docs/protocol.md#url-elicitation); without one, the address is
 * in the result only.
 */
export function runCall(
  call: AcceptedCall,
  revision: Revision,
  context: ToolCallContext,
  serverMeta: string,
  slices: TimeSlices,
  route: OfferRoute = { kind: 'result-only' },
): string | Promise<string> {
  const { input, messagePrecedence } = call.tool;
  // A bulk tool's arguments (up to 2 MiB) are measured in time slices (docs/provider-data.md),
  // starting one event-loop turn later: the frame was just parsed in this turn, and a first
  // slice right behind that parse made one block of both.
  if (argumentBoundsOf(input) !== undefined)
    return nextTurn()
      .then(() => slices.run(parseArgumentsStepwise(input, call.args, messagePrecedence), context.signal))
      .then((parsed) => runParsed(call, parsed, revision, context, serverMeta, route));
  return runParsed(call, parseArguments(input, call.args, messagePrecedence), revision, context, serverMeta, route);
}

/** Resolves after the event loop has had one turn (I/O callbacks included). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function runParsed(
  call: AcceptedCall,
  parsed: Result<unknown, ToolFailure>,
  revision: Revision,
  context: ToolCallContext,
  serverMeta: string,
  route: OfferRoute,
): string | Promise<string> {
  if (!parsed.ok) return encodeFailure(parsed.error, revision, serverMeta);
  const answer = call.tool.run(parsed.value, context);
  if (answer instanceof Promise) return answer.then((settled) => encodeAnswer(call, settled, revision, serverMeta, route));
  return encodeAnswer(call, answer, revision, serverMeta, route);
}

/** Encodes a use case's answer; a page hand-off is offered along `route` first. */
function encodeAnswer(
  call: AcceptedCall,
  answer: Result<unknown, ToolFailure>,
  revision: Revision,
  serverMeta: string,
  route: OfferRoute,
): string | Promise<string> {
  if (!answer.ok || !(answer.value instanceof UrlHandOff)) return encodeResult(call.tool, answer, revision, serverMeta, call.args);
  // The person must open a page first: offer it as the client allows (docs/protocol.md#url-elicitation).
  return offerUrl(answer.value, route).then((offered) =>
    offered.kind === 'final' ? encodeResult(call.tool, success(offered.value), revision, serverMeta, call.args) : offered.encoded,
  );
}

/**
 * Encodes a use case's answer (a success value or a failure) as the revision's `CallToolResult`.
 * The last resort of the answer budget (docs/tools.md#answers-that-fit-a-models-context): a
 * success whose text would pass the call's budget (40,000 characters, 100,000 when `args` holds
 * one of the tool's widening arguments) is answered with the tool error `answer-too-large`
 * instead — a whole, honest answer, never a cut one. The use cases page so that it never fires.
 */
export function encodeResult(
  tool: ToolDefinition,
  answer: Result<unknown, ToolFailure>,
  revision: Revision,
  serverMeta: string,
  args: Record<string, unknown>,
): string {
  if (!answer.ok) return encodeFailure(answer.error, revision, serverMeta);
  const linked = answer.value instanceof LinkedAnswer ? answer.value : undefined;
  const value = linked === undefined ? answer.value : linked.value;
  const text = resultText(tool, value);
  if (text.length >= answerBudgetOf(tool.widenedBy ?? [], args)) return encodeFailure(ANSWER_TOO_LARGE, revision, serverMeta);
  const literal =
    value instanceof EncodedResult && value.redaction === tool.redaction && value.jsonLiteral !== undefined ? value.jsonLiteral : JSON.stringify(text);
  const traits = traitsOf(revision);
  // The links come after the text: a host that reads only the text (or only structuredContent) misses nothing.
  const links = linked !== undefined && traits.resourceLinks ? linked.links.map((link) => `,${resourceLinkItem(link)}`).join('') : '';
  const content = `"content":[{"type":"text","text":${literal}}${links}]`;
  return wrapResult(traits.structuredContent ? `${content},"structuredContent":${text}` : content, revision, serverMeta);
}

/** A `resource_link` content item for a held file (2025-06-18 on; docs/protocol.md#resources). */
const resourceLinkItem = (link: HeldResource): string =>
  JSON.stringify({ type: 'resource_link', uri: link.uri, name: link.name, title: link.title, mimeType: link.mimeType, size: link.size });

/** A result's JSON text under the tool's redaction rule; an already encoded result is used as it is. */
function resultText(tool: ToolDefinition, value: unknown): string {
  if (!(value instanceof EncodedResult)) return JSON.stringify(redactCredentials(value, tool.redaction));
  if (value.redaction === tool.redaction) return value.json;
  return JSON.stringify(redactCredentials(JSON.parse(value.json) as unknown, tool.redaction));
}

/**
 * An error result carries the error object only as text, its compact JSON (so every client and
 * every model sees `reason_code` and the static message) and no `structuredContent`: an output
 * schema describes the success result, and clients built on the v1 SDK reject any
 * `structuredContent` that does not match it. See docs/decisions.md#error-results-are-text-only.
 */
function encodeFailure(failure: ToolFailure, revision: Revision, serverMeta: string): string {
  const error =
    failure.kind === 'invalid_arguments'
      ? { status: 'error', error_kind: 'invalid_arguments', reason_code: 'invalid-arguments', message: failure.message }
      : { status: 'error', error_kind: 'tool_error', reason_code: failure.reasonCode, message: failure.message };
  return wrapResult(`"content":[{"type":"text","text":${JSON.stringify(JSON.stringify(error))}}],"isError":true`, revision, serverMeta);
}

/** Adds `resultType` and the server-info `_meta` on modern results. */
const wrapResult = (body: string, revision: Revision, serverMeta: string): string =>
  traitsOf(revision).envelope ? `{${body},"resultType":"complete","_meta":${serverMeta}}` : `{${body}}`;
