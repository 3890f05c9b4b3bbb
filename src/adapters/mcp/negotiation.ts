import { ErrorCode, LATEST_LEGACY_REVISION, LEGACY_REVISIONS, Message, META, MODERN_REVISION, type LegacyRevision } from './protocol-constants.js';
import type { Params } from './admission.js';
import { errorFrame, type RequestId } from './json-rpc.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isImplementation = (value: unknown): boolean => isPlainObject(value) && typeof value.name === 'string' && typeof value.version === 'string';

/** Whether a request claims the modern era: `params._meta` holds the protocol-version key (docs/protocol.md#protocol-eras). */
export function hasModernClaim(params: Params | undefined): boolean {
  const meta = params?._meta;
  return isPlainObject(meta) && META.protocolVersion in meta;
}

/** Verdict on a modern envelope. */
type EnvelopeVerdict = { readonly kind: 'valid' } | { readonly kind: 'malformed' } | { readonly kind: 'unsupported'; readonly requested: string };

/**
 * Checks the modern envelope of one request (docs/protocol.md#before-an-era-is-chosen): `_meta` object, protocol version
 * string, client capabilities object, optional client info with string name and version; then
 * the version itself.
 */
function checkEnvelope(params: Params | undefined): EnvelopeVerdict {
  const meta = params?._meta;
  if (!isPlainObject(meta)) return { kind: 'malformed' };
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string' || !isPlainObject(meta[META.clientCapabilities])) return { kind: 'malformed' };
  if (META.clientInfo in meta && !isImplementation(meta[META.clientInfo])) return { kind: 'malformed' };
  return version === MODERN_REVISION ? VALID : { kind: 'unsupported', requested: version };
}

/** The verdict on every valid envelope: one object, not one per request. */
const VALID: EnvelopeVerdict = { kind: 'valid' };

/** Whether legacy `initialize` params are well formed (docs/protocol.md#before-an-era-is-chosen). */
export function isValidInitialize(params: Params | undefined): boolean {
  return params !== undefined && typeof params.protocolVersion === 'string' && isPlainObject(params.capabilities) && isImplementation(params.clientInfo);
}

/** Echoes a known legacy revision, otherwise answers the latest legacy one. */
export function negotiateLegacy(requested: string): LegacyRevision {
  return (LEGACY_REVISIONS as readonly string[]).includes(requested) ? (requested as LegacyRevision) : LATEST_LEGACY_REVISION;
}

const DATE_SHAPED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `data` of a `-32022` error: the supported versions and the requested one. The requested
 * value is echoed only when it has the shape of a revision date (`YYYY-MM-DD`); anything else
 * is reported as null, so the error never carries arbitrary peer text.
 */
function unsupportedVersionData(requested: unknown): { supported: string[]; requested: string | null } {
  return {
    supported: [MODERN_REVISION],
    requested: typeof requested === 'string' && DATE_SHAPED.test(requested) ? requested : null,
  };
}

/** The answer to a modern connection's request without the envelope: `-32022` for `initialize`, else `-32602`. */
export function refuseUnclaimed(id: RequestId, method: string, params: Params | undefined): string {
  if (method === 'initialize')
    return errorFrame(id, ErrorCode.UnsupportedProtocolVersion, Message.unsupportedVersion, unsupportedVersionData(params?.protocolVersion));
  return errorFrame(id, ErrorCode.InvalidParams, Message.missingEnvelope);
}

/** The refusal of a request whose modern envelope is malformed (`-32602`) or names another version (`-32022`); null when it is valid. */
export function rejectEnvelope(id: RequestId, params: Params | undefined): string | null {
  const verdict = checkEnvelope(params);
  if (verdict.kind === 'valid') return null;
  if (verdict.kind === 'malformed') return errorFrame(id, ErrorCode.InvalidParams, Message.missingEnvelope);
  return errorFrame(id, ErrorCode.UnsupportedProtocolVersion, Message.unsupportedVersion, unsupportedVersionData(verdict.requested));
}
