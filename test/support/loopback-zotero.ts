// A loopback Zotero on 127.0.0.1:23119 for tests (run them in a private network namespace,
// test/support/private-network.ts). It answers as Zotero's own HTTP server does (server.js):
// raw HTTP/1.0 answers with X-Zotero-Version and X-Zotero-Connector-API-Version headers, no
// Content-Length on a body (the connection's close ends it), one request per connection; and it
// can misbehave on purpose: refuse, stay silent, drip, send a huge body, close unanswered.
import { createServer, type Server, type Socket } from 'node:net';
import { answer, type LoopbackReply, type LoopbackRequest, type LoopbackState } from './loopback-zotero-endpoints.js';
import { LoopbackItems, type LoopbackLibrary, type StoredItem } from './loopback-zotero-library.js';
import type { ZoteroSchema } from './loopback-zotero-schema.js';
import type { ImportedItem } from './loopback-zotero-translators.js';

/** Zotero's connector server port; the only one Qiongli talks to. */
const ZOTERO_PORT = 23119;

/** A deliberate misbehaviour for the requests whose path starts with `path` (every path without one). */
export type Misbehaviour = { readonly path?: string } & (
  | { readonly kind: 'status'; readonly status: number; readonly body?: string }
  | { readonly kind: 'silent' }
  | { readonly kind: 'drip'; readonly everyMs: number }
  | { readonly kind: 'huge'; readonly status: number; readonly bytes: number }
  | { readonly kind: 'close' }
  | { readonly kind: 'garbage' }
);

/** How the loopback Zotero starts. */
export interface LoopbackZoteroOptions {
  readonly version?: string;
  readonly schema?: ZoteroSchema;
  readonly libraries?: LoopbackLibrary[];
  readonly selected?: string;
  readonly localApi?: 'on' | 'off' | 'absent';
}

/** My Library (L1) with two collections, and a group library (L2) with one. */
const DEFAULT_LIBRARIES: LoopbackLibrary[] = [
  {
    id: 1,
    name: 'My Library',
    editable: true,
    collections: [
      { id: 11, name: 'Reading' },
      { id: 12, name: 'Thesis', parentId: 11 },
    ],
  },
  { id: 2, name: 'Lab group', editable: true, collections: [{ id: 21, name: 'Reading' }] },
];

/** The loopback Zotero: its state, what it was asked, and switches. */
export class LoopbackZotero {
  readonly state: LoopbackState;
  readonly version: string;
  /** Every request received, in order. */
  readonly requests: LoopbackRequest[] = [];
  misbehaviours: Misbehaviour[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(options: LoopbackZoteroOptions = {}) {
    this.version = options.version ?? '7.0.15';
    this.state = {
      schema: options.schema ?? 'zotero7',
      libraries: options.libraries ?? structuredClone(DEFAULT_LIBRARIES),
      selected: options.selected ?? 'L1',
      localApi: options.localApi ?? 'on',
      items: new LoopbackItems(),
      sessions: new Map(),
    };
  }

  /** Starts listening on 127.0.0.1:23119. */
  async start(): Promise<this> {
    const server = createServer((socket) => this.connection(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ZOTERO_PORT, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this;
  }

  /** Stops listening and drops every open connection (Zotero quits). */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Puts an item into My Library (or another library) as if it had been there before. */
  seed(item: Partial<ImportedItem> & { fields: Record<string, string> }, libraryId = 1): StoredItem {
    return this.state.items.save({ itemType: 'journalArticle', creators: [], tags: [], notes: [], ...item }, libraryId, []);
  }

  /** The regular items saved by imports (seeded ones excluded), in order. */
  imported(): StoredItem[] {
    const seeded = new Set<StoredItem>();
    for (const session of this.state.sessions.values()) for (const item of session.items) seeded.add(item);
    return this.state.items.topLevel().filter((item) => seeded.has(item));
  }

  /** The child notes' HTML of an item. */
  notesOf(item: StoredItem): string[] {
    return this.state.items.notesOf(item).map((note) => note.note ?? '');
  }

  private connection(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffer = Buffer.concat([buffer, chunk]);
      const request = parseRequest(buffer);
      if (request === undefined) return;
      socket.off('data', onData);
      this.requests.push(request);
      this.reply(socket, request);
    };
    socket.on('data', onData);
  }

  private reply(socket: Socket, request: LoopbackRequest): void {
    const misbehaviour = this.misbehaviours.find((candidate) => candidate.path === undefined || request.path.startsWith(candidate.path));
    if (misbehaviour === undefined) return this.send(socket, answer(this.state, request));
    switch (misbehaviour.kind) {
      case 'status':
        return this.send(socket, { status: misbehaviour.status, ...(misbehaviour.body ? { contentType: 'application/json', body: misbehaviour.body } : {}) });
      case 'silent':
        return;
      case 'close':
        return void socket.end();
      case 'garbage':
        return this.send(socket, { status: request.path === '/connector/import' ? 201 : 200, contentType: 'application/json', body: '{"targets": [tru' });
      case 'drip': {
        socket.write(`${this.head(200)}Content-Type: application/json\r\n\r\n[`);
        const timer = setInterval(() => socket.write(' '), misbehaviour.everyMs);
        socket.on('close', () => clearInterval(timer));
        return;
      }
      case 'huge': {
        socket.write(`${this.head(misbehaviour.status)}Content-Type: application/json\r\n\r\n[`);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let left = misbehaviour.bytes;
        const pump = (): void => {
          while (left > 0 && !socket.destroyed) {
            left -= chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
          socket.end(']');
        };
        return pump();
      }
    }
  }

  private head(status: number): string {
    return `HTTP/1.0 ${status} ${STATUS_TEXT[status] ?? 'Unknown'}\r\nX-Zotero-Version: ${this.version}\r\nX-Zotero-Connector-API-Version: 3\r\n`;
  }

  /** Writes an answer as server.js _generateResponse does, then closes (HTTP/1.0). */
  private send(socket: Socket, reply: LoopbackReply): void {
    if (reply === 'cancel') return void socket.end();
    const type = reply.contentType === undefined ? '' : `Content-Type: ${reply.contentType}\r\n`;
    const body = reply.body ? `\r\n${reply.body}` : 'Content-Length: 0\r\n\r\n';
    socket.end(`${this.head(reply.status)}${type}${body}`);
  }
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

/** A complete request in `buffer` (head and Content-Length body), or `undefined` while one is still arriving. */
function parseRequest(buffer: Buffer): LoopbackRequest | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line = '', ...fields] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon > 0) headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  const length = Number.parseInt(headers['content-length'] ?? '0', 10) || 0;
  if (buffer.length < end + 4 + length) return undefined;
  const [method = '', target = '/'] = line.split(' ');
  const url = new URL(target, 'http://127.0.0.1');
  return { method, path: url.pathname, query: url.searchParams, headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') };
}
