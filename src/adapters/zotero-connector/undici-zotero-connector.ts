import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { failure, success } from '../../domain/shared/result.js';
import type {
  ZoteroConnector,
  ZoteroImport,
  ZoteroLibraryItem,
  ZoteroLookup,
  ZoteroPing,
  ZoteroResult,
  ZoteroSessionUpdate,
  ZoteroTargets,
} from '../../ports/zotero-connector.port.js';
import { readImported, readLibraryItems, readTargets } from './zotero-answers.js';
import { callZotero, statusFailure, zoteroClient, type ZoteroAnswer, type ZoteroCall } from './zotero-http.js';

/** Time for a ping, the targets, a library lookup (docs/zotero.md#bounds). */
const SHORT_CALL_MS = 5_000;
/** Most time for an import or a session update. */
const LONG_CALL_MS = 30_000;

/** How long calls may take: `short` for a ping, the targets, a lookup; an import or update gets `short` plus `perItem` ms per item, at most `long`. */
export interface ZoteroTimeouts {
  readonly shortMs: number;
  readonly longMs: number;
}

/** Largest request body sent (the records of one call encode to well under it). */
const MAX_REQUEST_BYTES = 8 * 1024 * 1024;
/** Largest answer bodies read. */
const MAX_PING_BYTES = 64 * 1024;
const MAX_TARGETS_BYTES = 8 * 1024 * 1024;
const MAX_IMPORT_ANSWER_BYTES = 16 * 1024 * 1024;
const MAX_LOOKUP_BYTES = 4 * 1024 * 1024;
/** Most library items one lookup asks for. */
const LOOKUP_LIMIT = 50;

/**
 * {@link ZoteroConnector} over undici (docs/zotero.md#how-qiongli-talks-to-zotero): one `Client`
 * bound to `http://127.0.0.1:23119`, never a proxy; bounded bodies and time; every failure a
 * static code. The address cannot be changed.
 */
export class UndiciZoteroConnector implements ZoteroConnector {
  private readonly timeouts: ZoteroTimeouts;
  private readonly dispatcher: Dispatcher = zoteroClient();

  /** `timeouts` is for tests (a slow Zotero in milliseconds); production uses the defaults. */
  constructor(options: { readonly timeouts?: Partial<ZoteroTimeouts> } = {}) {
    this.timeouts = { shortMs: SHORT_CALL_MS, longMs: LONG_CALL_MS, ...options.timeouts };
  }

  /** Time for an import (50 ms per item) or update (20 ms per item) of `items` items. */
  private sized(items: number, perItemMs: number): number {
    return Math.min(this.timeouts.longMs, this.timeouts.shortMs + items * perItemMs);
  }

  async ping(signal: AbortSignal): Promise<ZoteroResult<ZoteroPing>> {
    const answer = await this.call({ method: 'GET', path: '/connector/ping', timeoutMs: this.timeouts.shortMs, maxAnswerBytes: MAX_PING_BYTES }, signal);
    if (!answer.ok) return answer;
    if (answer.value.truncated) return failure('zotero-bad-answer');
    return success(answer.value.version === undefined ? {} : { version: answer.value.version });
  }

  async targets(signal: AbortSignal): Promise<ZoteroResult<ZoteroTargets>> {
    const call: ZoteroCall = {
      method: 'POST',
      path: '/connector/getSelectedCollection',
      contentType: 'application/json',
      body: '{}',
      timeoutMs: this.timeouts.shortMs,
      maxAnswerBytes: MAX_TARGETS_BYTES,
    };
    const answer = await this.call(call, signal);
    if (!answer.ok) return answer;
    const targets = answer.value.truncated ? undefined : readTargets(answer.value.text);
    return targets === undefined ? failure('zotero-bad-answer') : success(targets);
  }

  /**
   * Posts the CSL-JSON as `text/plain`: Zotero's server parses an `application/json` body into an
   * object, which no import translator reads (400); a text reaches the CSL JSON translator.
   */
  async importCslJson(text: string, items: number, signal: AbortSignal): Promise<ZoteroResult<ZoteroImport>> {
    if (Buffer.byteLength(text, 'utf8') > MAX_REQUEST_BYTES) return failure('zotero-refused');
    const session = `qiongli-${randomUUID()}`;
    const call: ZoteroCall = {
      method: 'POST',
      path: `/connector/import?session=${encodeURIComponent(session)}`,
      contentType: 'text/plain; charset=utf-8',
      body: text,
      timeoutMs: this.sized(items, 50),
      maxAnswerBytes: MAX_IMPORT_ANSWER_BYTES,
    };
    const answer = await this.call(call, signal);
    if (!answer.ok) return answer;
    // 201 means saved; its list of items is read when it fits, else the count stays unknown.
    const imported = answer.value.truncated ? undefined : readImported(answer.value.text);
    return success(imported === undefined ? { session } : { session, items: imported });
  }

  async updateSession(update: ZoteroSessionUpdate, items: number, signal: AbortSignal): Promise<ZoteroResult<void>> {
    const body = JSON.stringify({
      sessionID: update.session,
      target: update.target,
      tags: update.tags,
      ...(update.note === undefined ? {} : { note: update.note }),
    });
    const call: ZoteroCall = {
      method: 'POST',
      path: '/connector/updateSession',
      contentType: 'application/json',
      body,
      timeoutMs: this.sized(items, 20),
      maxAnswerBytes: MAX_PING_BYTES,
    };
    const answer = await this.call(call, signal);
    return answer.ok ? success(undefined) : answer;
  }

  /**
   * The local API's quick search of My Library's top-level items: identifiers with
   * `qmode=everything` (the default mode does not search the DOI or Extra fields), a title's
   * words in the default title/creator/year mode. 403 (switched off) or 404 (no local API) →
   * `zotero-local-api-off`.
   */
  async findInLibrary(lookup: ZoteroLookup, signal: AbortSignal): Promise<ZoteroResult<readonly ZoteroLibraryItem[]>> {
    const query = new URLSearchParams(lookupQuery(lookup));
    query.set('limit', String(LOOKUP_LIMIT));
    const call: ZoteroCall = { method: 'GET', path: `/api/users/0/items/top?${query}`, timeoutMs: this.timeouts.shortMs, maxAnswerBytes: MAX_LOOKUP_BYTES };
    const answer = await callZotero(call, this.dispatcher, signal);
    if (!answer.ok) return answer;
    const { status } = answer.value;
    if (status === 403 || status === 404 || status === 501) return failure('zotero-local-api-off');
    if (status !== 200) return failure(statusFailure(answer.value));
    const items = answer.value.truncated ? undefined : readLibraryItems(answer.value.text);
    return items === undefined ? failure('zotero-bad-answer') : success(items);
  }

  /** A connector call whose answer must be 2xx. */
  private async call(call: ZoteroCall, signal: AbortSignal): Promise<ZoteroResult<ZoteroAnswer>> {
    const answer = await callZotero(call, this.dispatcher, signal);
    if (!answer.ok) return answer;
    const { status } = answer.value;
    return status >= 200 && status <= 299 ? answer : failure(statusFailure(answer.value));
  }
}

function lookupQuery(lookup: ZoteroLookup): Record<string, string> {
  switch (lookup.by) {
    case 'doi':
      return { q: lookup.doi, qmode: 'everything' };
    case 'pmid':
      return { q: lookup.pmid, qmode: 'everything' };
    case 'arxiv':
      return { q: lookup.arxiv, qmode: 'everything' };
    case 'title':
      return { q: lookup.words.join(' ') };
  }
}
