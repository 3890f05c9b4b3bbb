// The loopback Zotero's endpoints, following server.js (request checks) and
// server_connector.js / saveSession.js (ping, getSelectedCollection, import, updateSession) and
// server_localAPI.js (the items search). Answers are the ones Zotero gives, bodies included.
import { itemJson, searchItems, type LoopbackItems, type LoopbackLibrary, type StoredItem } from './loopback-zotero-library.js';
import type { ZoteroSchema } from './loopback-zotero-schema.js';
import { importWithTranslators, type TranslatorName } from './loopback-zotero-translators.js';

/** One parsed request. */
export interface LoopbackRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** An answer: status, content type, body; or `cancel` (the connection is closed unanswered). */
export type LoopbackReply = { readonly status: number; readonly contentType?: string; readonly body?: string } | 'cancel';

/** The state the endpoints read and change. */
export interface LoopbackState {
  readonly schema: ZoteroSchema;
  readonly libraries: LoopbackLibrary[];
  /** The target selected in Zotero's pane: `L<library id>` or `C<collection id>`. */
  selected: string;
  /** `on`; `off` (Zotero 7 with the setting off: 403); `absent` (an older Zotero: 404). */
  localApi: 'on' | 'off' | 'absent';
  readonly items: LoopbackItems;
  readonly sessions: Map<string, { target: string; items: StoredItem[]; translator: TranslatorName; notes: Map<string, StoredItem> }>;
}

const json = (status: number, value: unknown): LoopbackReply => ({ status, contentType: 'application/json', body: JSON.stringify(value) });
const text = (status: number, body: string): LoopbackReply => ({ status, contentType: 'text/plain', body });

interface Endpoint {
  readonly methods: readonly string[];
  /** Content types accepted for a body; `*` any. */
  readonly dataTypes: readonly string[] | '*';
  run(state: LoopbackState, request: LoopbackRequest, data: unknown): LoopbackReply;
}

/** Resolves a target id as Connector.resolveTarget does; `undefined` where Zotero would throw. */
function resolveTarget(state: LoopbackState, target: string): { library: LoopbackLibrary; collection?: number } | undefined {
  const id = Number.parseInt(target.slice(1), 10);
  if (target.startsWith('L')) {
    const library = state.libraries.find((candidate) => candidate.id === id);
    return library && { library };
  }
  const library = state.libraries.find((candidate) => candidate.collections.some((collection) => collection.id === id));
  return library && { library, collection: id };
}

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  '/connector/ping': {
    methods: ['GET', 'POST'],
    dataTypes: ['application/json', 'text/plain'],
    run: (_state, request) =>
      request.method === 'GET'
        ? { status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><body>Zotero is running</body></html>' }
        : json(200, { prefs: { automaticSnapshots: true, downloadAssociatedFiles: true, supportsAttachmentUpload: true, canUserAddNote: true } }),
  },
  '/connector/getSelectedCollection': {
    methods: ['POST'],
    dataTypes: ['application/json'],
    run(state, _request, data) {
      if (data === null || typeof data !== 'object') return { status: 500 }; // postData.hasOwnProperty throws
      const selected = resolveTarget(state, state.selected)!;
      const collection = selected.library.collections.find((candidate) => candidate.id === selected.collection);
      const targets = state.libraries
        .filter((library) => library.editable)
        .flatMap((library) => [
          { id: `L${library.id}`, name: library.name, filesEditable: true, level: 0 },
          ...library.collections.map((c) => ({ id: `C${c.id}`, name: c.name, filesEditable: true, level: depth(library, c.id) + 1 })),
        ]);
      const tags = Object.fromEntries(state.libraries.filter((library) => library.editable).map((library) => [`L${library.id}`, []]));
      return json(200, {
        libraryID: selected.library.id,
        libraryName: selected.library.name,
        libraryEditable: selected.library.editable,
        filesEditable: true,
        editable: selected.library.editable,
        id: collection?.id ?? null,
        name: collection?.name ?? selected.library.name,
        targets,
        tags,
      });
    },
  },
  '/connector/import': {
    methods: ['POST'],
    dataTypes: '*',
    run(state, request, data) {
      const translated = importWithTranslators(data, state.schema);
      if (translated === undefined) return { status: 400 };
      const target = resolveTarget(state, state.selected)!;
      if (!target.library.editable) return json(500, { libraryEditable: false });
      const sessionId = request.query.get('session') ?? 'null';
      if (state.sessions.has(sessionId)) return json(409, { error: 'SESSION_EXISTS' });
      const collections = target.collection === undefined ? [] : [target.collection];
      const saved = translated.items.map((item) => state.items.save(item, target.library.id, collections));
      state.sessions.set(sessionId, { target: state.selected, items: saved, translator: translated.translator, notes: new Map() });
      return json(201, saved.map(itemJson));
    },
  },
  '/connector/updateSession': {
    methods: ['POST'],
    dataTypes: ['application/json'],
    run(state, _request, data) {
      const update = (data ?? {}) as { sessionID?: string; target?: unknown; tags?: unknown; note?: unknown };
      if (!update.sessionID) return json(400, { error: 'SESSION_ID_NOT_PROVIDED' });
      const session = state.sessions.get(update.sessionID);
      if (session === undefined) return json(400, { error: 'SESSION_NOT_FOUND' });
      if (typeof update.target !== 'string') return { status: 500 }; // data.target[0] throws
      const target = resolveTarget(state, update.target);
      if (update.target.startsWith('C') && target === undefined) return json(400, { error: 'COLLECTION_NOT_FOUND' });
      if (target === undefined || !target.library.editable) return { status: 500 };
      const tags = (typeof update.tags === 'string' ? update.tags.split(',') : Array.isArray(update.tags) ? update.tags : [])
        .map((tag) => String(tag).trim())
        .filter(Boolean);
      const note = typeof update.note === 'string' ? update.note : '';
      session.target = update.target;
      for (const item of session.items) {
        item.libraryId = target.library.id;
        item.tags = [...item.tags.filter((tag) => tag.type === 1), ...tags.map((tag) => ({ tag, type: 0 as const }))];
        item.collections = target.collection === undefined ? [] : [target.collection];
        const existing = session.notes.get(item.key);
        if (note !== '' && existing !== undefined) existing.note = note;
        else if (note !== '') session.notes.set(item.key, state.items.addNote(item, note));
      }
      return json(200, {});
    },
  },
};

function depth(library: LoopbackLibrary, id: number): number {
  const parent = library.collections.find((collection) => collection.id === id)?.parentId;
  return parent === undefined ? 0 : depth(library, parent) + 1;
}

/** The local API's items endpoints (server_localAPI.js): GET only, enabled by the person. */
function localApi(state: LoopbackState, request: LoopbackRequest): LoopbackReply | undefined {
  const match = /^\/api\/users\/([^/]+)\/items(\/top)?$/.exec(request.path);
  if (!match || state.localApi === 'absent') return undefined;
  if (state.localApi === 'off') return text(403, 'Local API is not enabled');
  if (request.method !== 'GET') return text(400, 'Endpoint does not support method\n');
  if (match[1] !== '0') return text(400, 'Only data for the logged-in user is available locally -- use userID 0');
  return json(200, searchItems(state.items, request.query, match[2] !== undefined));
}

/** Whether server.js takes the request for a browser's (a `Mozilla/` agent, or any `Origin`). */
const looksLikeBrowser = (headers: LoopbackRequest['headers']): boolean => headers['user-agent']?.startsWith('Mozilla/') === true || 'origin' in headers;

/**
 * Answers one request as Zotero's server does: a Host other than the loopback → 400; an unknown
 * path → 404; a POST without Content-Length → 400; a browser-looking request without
 * `X-Zotero-Connector-API-Version` (or `Zotero-Allowed-Request`) → the connection is closed
 * unanswered; an unsupported content type → 400; bad JSON → 400; then the endpoint.
 */
export function answer(state: LoopbackState, request: LoopbackRequest): LoopbackReply {
  if (!/^(?:127\.0\.0\.1|\[::1\]|localhost)(?::[0-9]+)?$/i.test(request.headers['host'] ?? '')) return text(400, 'Invalid Host header\n');
  const api = localApi(state, request);
  const endpoint = ENDPOINTS[request.path];
  if (api === undefined && endpoint === undefined) return text(404, 'No endpoint found\n');
  if (request.method === 'HEAD' || request.method === 'OPTIONS') return { status: 200 };
  if (request.method === 'POST' && !/^[0-9]+$/.test(request.headers['content-length'] ?? '')) return text(400, 'Content-length not provided\n');
  if (request.method !== 'GET' && request.method !== 'POST') return text(501, 'Method not implemented\n');
  const browser = looksLikeBrowser(request.headers) && !request.headers['x-zotero-connector-api-version'] && !request.headers['zotero-allowed-request'];
  if (browser && !(request.path === '/connector/ping' && request.headers['sec-fetch-mode'] === 'navigate')) return 'cancel';
  if (api !== undefined) return api;
  if (!endpoint!.methods.includes(request.method)) return text(400, 'Endpoint does not support method\n');
  const contentType = request.headers['content-type']?.split(/\s*;/)[0];
  let data: unknown = null;
  if (request.method === 'POST' && contentType !== undefined) {
    if (endpoint!.dataTypes !== '*' && !endpoint!.dataTypes.includes(contentType)) return text(400, 'Endpoint does not support content-type\n');
    if (contentType === 'application/json') {
      try {
        data = JSON.parse(request.body);
      } catch {
        return text(400, 'Invalid JSON provided\n');
      }
    } else data = request.body;
  }
  return endpoint!.run(state, request, data);
}
