// The loopback Zotero's libraries and items, and its local API item search, following
// server_localAPI.js (Items._runGet) and search.js (the quicksearch conditions).
import type { ImportedCreator, ImportedItem } from './loopback-zotero-translators.js';

/** A collection of a library. */
interface LoopbackCollection {
  readonly id: number;
  readonly name: string;
  readonly parentId?: number;
}

/** A library (My Library is id 1) with its collections. */
export interface LoopbackLibrary {
  readonly id: number;
  readonly name: string;
  readonly editable: boolean;
  readonly collections: readonly LoopbackCollection[];
}

/** An item in the loopback library, as Zotero keeps it. */
export interface StoredItem {
  readonly key: string;
  libraryId: number;
  readonly itemType: string;
  readonly fields: Record<string, string>;
  readonly creators: ImportedCreator[];
  /** Tags; `type: 1` marks an automatic (imported) tag, which updateSession keeps. */
  tags: Array<{ tag: string; type: 0 | 1 }>;
  collections: number[];
  readonly parentKey?: string;
  /** A note item's HTML. */
  note?: string;
}

let counter = 0;
/** A fresh eight-character item key from Zotero's alphabet. */
const itemKey = (): string => `Q${(++counter).toString(36).toUpperCase().padStart(7, '2')}`.replace(/[01IO]/g, '2');

/** The items of the loopback Zotero. */
export class LoopbackItems {
  readonly all: StoredItem[] = [];

  /** Saves one imported item (and its child notes) into a library and collections. */
  save(item: ImportedItem, libraryId: number, collections: number[]): StoredItem {
    const stored: StoredItem = {
      key: itemKey(),
      libraryId,
      itemType: item.itemType,
      fields: { ...item.fields },
      creators: [...item.creators],
      tags: item.tags.map((tag) => ({ tag, type: 1 as const })),
      collections: [...collections],
    };
    this.all.push(stored);
    for (const note of item.notes) this.addNote(stored, note);
    return stored;
  }

  /** Adds a child note to an item. */
  addNote(parent: StoredItem, html: string): StoredItem {
    const note: StoredItem = {
      key: itemKey(),
      libraryId: parent.libraryId,
      itemType: 'note',
      fields: {},
      creators: [],
      tags: [],
      collections: [],
      parentKey: parent.key,
      note: html,
    };
    this.all.push(note);
    return note;
  }

  /** The regular (top-level) items. */
  topLevel(): StoredItem[] {
    return this.all.filter((item) => item.parentKey === undefined);
  }

  /** An item's child notes. */
  notesOf(item: StoredItem): StoredItem[] {
    return this.all.filter((candidate) => candidate.parentKey === item.key);
  }
}

/** Item JSON as toJSON writes it (the import answer and the local API's `data`). */
export function itemJson(item: StoredItem): Record<string, unknown> {
  return {
    key: item.key,
    version: 0,
    itemType: item.itemType,
    ...(item.note !== undefined ? { parentItem: item.parentKey, note: item.note } : { ...item.fields, creators: item.creators }),
    tags: item.tags.map((tag) => (tag.type === 1 ? tag : { tag: tag.tag })),
    collections: item.collections.map(String),
    relations: {},
    dateAdded: '2026-01-01T00:00:00Z',
    dateModified: '2026-01-01T00:00:00Z',
  };
}

/** searchConditions.js parseSearchString: quoted phrases and words; unpaired quotes dropped. */
function parseSearchString(text: string): Array<{ text: string; inQuotes: boolean }> {
  const parts = text.split(/\s*("[^"]*")\s*|"\s|\s"|^"|"$|'\s|\s'|^'|'$|\s/m);
  return parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .map((part) =>
      part.startsWith('"') && part.endsWith('"') && part.length > 1 ? { text: part.slice(1, -1), inQuotes: true } : { text: part, inQuotes: false },
    );
}

const contains = (value: string | undefined, word: string): boolean => value?.toLowerCase().includes(word.toLowerCase()) === true;

const TITLE_CREATOR_YEAR_FIELDS = ['title', 'publicationTitle', 'proceedingsTitle', 'bookTitle', 'shortTitle', 'court', 'citationKey'];

/**
 * Whether an item matches a quick search: every word must match one of the mode's places.
 * `titleCreatorYear` (the default): title-like fields, the year, creators, the key;
 * `fields` and `everything`: any field (DOI and Extra included), tags, child notes, creators.
 */
function quickSearchMatches(item: StoredItem, notes: readonly StoredItem[], words: ReadonlyArray<{ text: string }>, mode: string): boolean {
  return words.every(({ text }) => {
    if (item.key === text) return true;
    if (item.creators.some((creator) => contains(creator.lastName, text) || contains(creator.firstName, text))) return true;
    if (mode === 'titleCreatorYear') {
      const year = /\d{4}/.exec(item.fields['date'] ?? '')?.[0];
      return TITLE_CREATOR_YEAR_FIELDS.some((field) => contains(item.fields[field], text)) || contains(year, text);
    }
    return (
      Object.values(item.fields).some((value) => contains(value, text)) ||
      item.tags.some((tag) => contains(tag.tag, text)) ||
      notes.some((note) => contains(note.note, text))
    );
  });
}

/**
 * `GET /api/users/0/items[/top]?q=…&qmode=…&limit=…`: the items of My Library matching the
 * quick search (all of them without `q`), as local API JSON. `top` leaves child items out.
 */
export function searchItems(items: LoopbackItems, params: URLSearchParams, top: boolean): Array<Record<string, unknown>> {
  const q = params.get('q');
  const mode = params.get('qmode') ?? 'titleCreatorYear';
  const words = q ? parseSearchString(q) : [];
  let found = items.all.filter((item) => item.libraryId === 1 && (!top || item.parentKey === undefined));
  if (words.length > 0) {
    found = found.filter((item) => (item.parentKey === undefined || mode !== 'titleCreatorYear') && quickSearchMatches(item, items.notesOf(item), words, mode));
  }
  const limit = Number.parseInt(params.get('limit') ?? '', 10) || found.length;
  return found.slice(0, limit).map((item) => ({
    key: item.key,
    version: 0,
    library: { type: 'user', id: 0, name: 'My Library' },
    links: { self: { href: `http://localhost:23119/api/users/0/items/${item.key}`, type: 'application/json' } },
    meta: { numChildren: items.notesOf(item).length },
    data: itemJson(item),
  }));
}
