import type { ZoteroImportedItem, ZoteroLibraryItem, ZoteroTarget, ZoteroTargets } from '../../ports/zotero-connector.port.js';

const TARGET_KEY = /^[LC][0-9]{1,12}$/;
/** Longest target name kept (Zotero's own limit for a collection name is far below). */
const MAX_NAME = 1024;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= MAX_NAME ? value : undefined);

/**
 * `/connector/getSelectedCollection`'s answer (server_connector.js GetSelectedCollection):
 * `targets` lists every writable library (`L<id>`, level 0) followed by its collections
 * (`C<id>`, level ≥ 1); the selection is `id` (a collection id, or `null` for the library
 * `libraryID`). `undefined` when the answer is not of that shape.
 */
export function readTargets(answer: string): ZoteroTargets | undefined {
  const value = parse(answer);
  if (!isObject(value) || !Array.isArray(value['targets'])) return undefined;
  const targets: ZoteroTarget[] = [];
  let library: string | undefined;
  for (const entry of value['targets']) {
    if (!isObject(entry)) return undefined;
    const key = entry['id'];
    const name = text(entry['name']);
    const level = entry['level'];
    if (typeof key !== 'string' || !TARGET_KEY.test(key) || name === undefined || typeof level !== 'number' || !Number.isInteger(level) || level < 0)
      return undefined;
    if (level === 0) library = name;
    if (library === undefined) return undefined;
    targets.push({ key, name, library, level });
  }
  const collectionId = value['id'];
  const libraryId = value['libraryID'];
  const key = typeof collectionId === 'number' ? `C${collectionId}` : typeof libraryId === 'number' ? `L${libraryId}` : undefined;
  if (key === undefined) return undefined;
  const listed = targets.find((target) => target.key === key);
  const name = text(value['name']) ?? '';
  const selected = listed ?? { key, name, library: text(value['libraryName']) ?? name, level: key.startsWith('L') ? 0 : 1 };
  return { selected, targets };
}

/** The items of `/connector/import`'s 201 answer (their `itemType` and `title`); `undefined` when it is not a list. */
export function readImported(answer: string): readonly ZoteroImportedItem[] | undefined {
  const value = parse(answer);
  if (!Array.isArray(value)) return undefined;
  return value.map((item) => {
    if (!isObject(item)) return {};
    const itemType = item['itemType'];
    const title = item['title'];
    return { ...(typeof itemType === 'string' ? { itemType } : {}), ...(typeof title === 'string' ? { title } : {}) };
  });
}

/** Local API field names → the fields a duplicate check reads. */
const LIBRARY_FIELDS = {
  itemType: 'itemType',
  title: 'title',
  date: 'date',
  DOI: 'doi',
  url: 'url',
  extra: 'extra',
  archiveID: 'archiveId',
  PMID: 'pmid',
} as const;

/** The items of a local API items answer (`[{key, data: {…}}]`); `undefined` when it is not a list. */
export function readLibraryItems(answer: string): readonly ZoteroLibraryItem[] | undefined {
  const value = parse(answer);
  if (!Array.isArray(value)) return undefined;
  return value.map((entry) => {
    const data = isObject(entry) && isObject(entry['data']) ? entry['data'] : {};
    const item: Record<string, string> = {};
    for (const [field, name] of Object.entries(LIBRARY_FIELDS)) {
      const found = data[field];
      if (typeof found === 'string' && found !== '') item[name] = found;
    }
    return item as ZoteroLibraryItem;
  });
}
