import * as z from 'zod';
import type { HeldResource, HeldResources, ResourceFile } from '../../ports/held-resources.port.js';
import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import { schemaOnFirstUse } from './schema-on-first-use.js';
import { success, type Result } from './result.js';
import { invalidArguments, toolError, type ToolFailure } from './tool-failure.js';

/**
 * How a tool hands over the files a person saves (Zotero import files, an evidence snapshot;
 * docs/tools.md#files-a-person-saves): `resource` (default) holds them for 30 minutes and links
 * them (`resources/read`); `inline` sends them in the answer, one part at a time, for a client
 * that cannot read resources.
 */
const DELIVERY_MODES = ['resource', 'inline'] as const;

/** One delivery mode. */
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Characters of JSON text the parts of one inline answer may take together: the answer stays under 40,000. */
export const INLINE_PART_CHARACTERS = 30_000;

/** How long an inline cursor opens: as long as the files are held, 30 minutes. */
const CURSOR_TTL_MS = 30 * 60 * 1000;

/** Static messages of delivery. */
export const DELIVERY_MESSAGES = {
  delivery: 'delivery must be resource or inline',
  cursorType: 'cursor must be a string',
  cursorTooLong: 'cursor must be at most 4096 characters',
  invalidCursor: 'cursor is not valid (expired, altered or from another tool); call the tool again without cursor',
} as const;

/** What the answer says of how to get the files. */
export const DELIVERY_NOTES = {
  resource:
    'The files are not in this answer: each is held for 30 minutes, read it with resources/read on its uri (a resource_link of this answer). A client that cannot read resources calls this tool again with delivery "inline" to receive them here, part by part. sha256 is of the file\'s UTF-8 bytes.',
  inline:
    "Each of parts holds the characters offset to end of the file it names. While next_cursor comes, call this tool again with cursor set to it (the other arguments are then ignored); join the parts of each file in order; sha256 is of the whole file's UTF-8 bytes.",
} as const;

/** The input arguments every delivering tool gains. */
export const deliveryArguments = () => ({
  delivery: z
    .enum(DELIVERY_MODES, { error: DELIVERY_MESSAGES.delivery })
    .optional()
    .describe('resource (default): linked, read with resources/read. inline: sent here in parts.'),
  cursor: z
    .string({ error: DELIVERY_MESSAGES.cursorType })
    .max(4096, { error: DELIVERY_MESSAGES.cursorTooLong })
    .optional()
    .describe('next_cursor of an inline answer: the next part (other arguments ignored).'),
});

/** One held file as the answer describes it. */
const deliveredFileSchema = schemaOnFirstUse(() =>
  z.strictObject({ name: z.string(), title: z.string(), uri: z.string(), mime_type: z.string(), size: z.number().int().min(0), sha256: z.string() }),
);

/** The fields a delivering tool's answer gains: the files, how to get them, and an inline part. */
export const deliveryShape = () => ({
  delivery: z.enum(DELIVERY_MODES),
  files: z.array(deliveredFileSchema()),
  note: z.string(),
  parts: z.array(z.strictObject({ name: z.string(), offset: z.number().int().min(0), end: z.number().int().min(0), text: z.string() })).optional(),
  next_cursor: z.string().optional(),
});

/** The delivery fields of an answer. */
export type Delivery = z.output<z.ZodObject<ReturnType<typeof deliveryShape>>>;

/** A success value with the files it links: the MCP adapter adds a `resource_link` for each. */
export class LinkedAnswer<T = unknown> {
  constructor(
    readonly value: T,
    readonly links: readonly HeldResource[],
  ) {}
}

/** What delivering needs: where files are held, the sealer of inline cursors, and the tool's name (cursors are bound to it). */
export interface DeliveryPorts {
  readonly held: HeldResources;
  readonly tokens: SealedTokens;
  readonly tool: string;
}

const describe = (resource: HeldResource): Delivery['files'][number] => ({
  name: resource.name,
  title: resource.title,
  uri: resource.uri,
  mime_type: resource.mimeType,
  size: resource.size,
  sha256: resource.sha256,
});

/**
 * Holds `files` and answers their delivery: in `resource` mode the facts and a link per file;
 * in `inline` mode the facts and the first part. Fails with the tool error `file-not-held` when a
 * file cannot be held (larger than every bound).
 */
export function deliverFiles(files: readonly ResourceFile[], mode: DeliveryMode, ports: DeliveryPorts): Result<LinkedAnswer<Delivery>, ToolFailure> {
  const resources: HeldResource[] = [];
  for (const file of files) {
    const resource = ports.held.hold(file);
    if (resource === undefined) return toolError('file-not-held');
    resources.push(resource);
  }
  if (mode === 'resource') return success(new LinkedAnswer({ delivery: 'resource', files: resources.map(describe), note: DELIVERY_NOTES.resource }, resources));
  return inlinePart(resources, 0, 0, ports);
}

/** A delivery with the answer's own fields first (`status`, …): the same links. */
export const withHead = <H extends object>(head: H, delivered: Result<LinkedAnswer<Delivery>, ToolFailure>): Result<LinkedAnswer<H & Delivery>, ToolFailure> =>
  delivered.ok ? success(new LinkedAnswer({ ...head, ...delivered.value.value }, delivered.value.links)) : delivered;

/** The part a cursor points to; invalid arguments (one static message) when it does not open or its file is gone. */
export function nextPart(cursor: string, ports: DeliveryPorts): Result<LinkedAnswer<Delivery>, ToolFailure> {
  let payload: unknown;
  try {
    payload = ports.tokens.open(`qiongli.files.v1:${ports.tool}`, cursor);
  } catch {
    payload = undefined;
  }
  const { f: uris, i: index, o: offset } = (typeof payload === 'object' && payload !== null ? payload : {}) as { f?: unknown; i?: unknown; o?: unknown };
  if (!Array.isArray(uris) || !Number.isSafeInteger(index) || !Number.isSafeInteger(offset)) return invalidArguments(DELIVERY_MESSAGES.invalidCursor);
  const resources: HeldResource[] = [];
  for (const uri of uris) {
    const held = typeof uri === 'string' ? ports.held.read(uri) : undefined;
    if (held === undefined) return invalidArguments(DELIVERY_MESSAGES.invalidCursor);
    resources.push(held.resource);
  }
  if ((index as number) < 0 || (index as number) >= resources.length || (offset as number) < 0) return invalidArguments(DELIVERY_MESSAGES.invalidCursor);
  return inlinePart(resources, index as number, offset as number, ports);
}

/**
 * The parts from file `index`, character `offset` on: whole files and pieces of them, in order,
 * as many characters as fit {@link INLINE_PART_CHARACTERS} of JSON text together (at least one),
 * so a small export comes in one answer, and a cursor to where the next answer starts.
 */
function inlinePart(resources: readonly HeldResource[], index: number, offset: number, ports: DeliveryPorts): Result<LinkedAnswer<Delivery>, ToolFailure> {
  const parts: NonNullable<Delivery['parts']> = [];
  let budget = INLINE_PART_CHARACTERS;
  let file = index;
  let from = offset;
  while (file < resources.length && (parts.length === 0 || budget > 0)) {
    const resource = resources[file]!;
    const text = ports.held.read(resource.uri)?.text;
    if (text === undefined || from > text.length) return invalidArguments(DELIVERY_MESSAGES.invalidCursor);
    const end = partEnd(text, from, budget);
    const part = text.slice(from, end);
    parts.push({ name: resource.name, offset: from, end, text: part });
    budget -= JSON.stringify(part).length;
    if (end < text.length) {
      from = end;
      break;
    }
    file += 1;
    from = 0;
  }
  const cursor =
    file < resources.length
      ? ports.tokens.seal(`qiongli.files.v1:${ports.tool}`, { f: resources.map((held) => held.uri), i: file, o: from }, CURSOR_TTL_MS)
      : undefined;
  return success(
    new LinkedAnswer(
      { delivery: 'inline', files: resources.map(describe), note: DELIVERY_NOTES.inline, parts, ...(cursor === undefined ? {} : { next_cursor: cursor }) },
      [],
    ),
  );
}

/** Characters one code unit takes in JSON text (`JSON.stringify` of a string). */
function escapedUnits(code: number): number {
  if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x0c || code === 0x0a || code === 0x0d || code === 0x09) return 2;
  return code < 0x20 ? 6 : 1;
}

/**
 * Where a part of `text` starting at `offset` ends: the most characters whose JSON text takes at
 * most `budget` characters (at least one character), never inside a surrogate pair (a lone
 * surrogate counts 6, as JSON writes it).
 */
export function partEnd(text: string, offset: number, budget: number): number {
  let used = 0;
  let index = offset;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
    const lone = !pair && code >= 0xd800 && code <= 0xdfff;
    const cost = pair ? 2 : lone ? 6 : escapedUnits(code);
    if (used + cost > budget && index > offset) break;
    used += cost;
    index += pair ? 2 : 1;
  }
  return index;
}
