import type { XmlEvents } from './xml-reader.js';

/** The texts of one Atom entry that arXiv records are built from (first occurrence of each). */
export interface AtomEntry {
  readonly id?: string;
  readonly title?: string;
  readonly published?: string;
  readonly doi?: string;
  readonly journal_ref?: string;
  /** The abstract (only collected when asked for). */
  readonly summary?: string;
  /** `author/name` texts, in order. */
  readonly authors: string[];
}

/** Entry children whose text is kept (by local name: `arxiv:doi` is `doi`). */
const ENTRY_FIELDS = new Set(['id', 'title', 'published', 'doi', 'journal_ref']);

/**
 * Most characters of one field kept: the record builders read at most 64 Ki characters of a
 * title or an abstract (a longer title is dropped, a longer abstract cut), so one more keeps
 * "longer" visible and the rest of a hostile 12 MiB field is never held or joined.
 */
const MAX_FIELD_CHARS = 64 * 1024 + 1;

/** {@link ENTRY_FIELDS} and the abstract. */
const ENTRY_FIELDS_WITH_SUMMARY = new Set([...ENTRY_FIELDS, 'summary']);

/**
 * Collects the entries of an Atom feed from {@link XmlEvents}: for each `feed/entry`, the
 * text (all descendant text, references decoded) of its first `id`, `title`, `published`,
 * `doi` and `journal_ref` children (and `summary`, with `withSummary`) and of the first
 * `maxAuthors` `author/name`s. Hands each finished entry to
 * `onEntry`; everything else in the document is read (so it is checked) but not kept.
 */
export class AtomEntryCollector implements XmlEvents {
  /** Local name of the root element, once seen. */
  root: string | undefined;
  private readonly path: string[] = [];
  private entry: { fields: Map<string, string>; authors: string[] } | undefined;
  private capture: { field: string; depth: number; parts: string[]; length: number } | undefined;

  constructor(
    /** Most `author/name` texts kept per entry; later ones are read but not kept. */
    private readonly maxAuthors: number,
    private readonly onEntry: (entry: AtomEntry) => void,
    /** Also keep each entry's `summary` (its abstract). */
    withSummary = false,
  ) {
    this.fields = withSummary ? ENTRY_FIELDS_WITH_SUMMARY : ENTRY_FIELDS;
  }

  private readonly fields: ReadonlySet<string>;

  open(name: string): void {
    this.path.push(name);
    const depth = this.path.length;
    if (depth === 1) this.root = name;
    else if (depth === 2 && name === 'entry' && this.root === 'feed') this.entry = { fields: new Map(), authors: [] };
    else if (this.entry !== undefined && this.capture === undefined) {
      if (depth === 3 && this.fields.has(name) && !this.entry.fields.has(name)) this.capture = { field: name, depth, parts: [], length: 0 };
      else if (depth === 4 && name === 'name' && this.path[2] === 'author' && this.entry.authors.length < this.maxAuthors)
        this.capture = { field: 'author', depth, parts: [], length: 0 };
    }
  }

  text(text: string): void {
    const capture = this.capture;
    if (capture === undefined || capture.length >= MAX_FIELD_CHARS) return;
    const kept = text.slice(0, MAX_FIELD_CHARS - capture.length);
    capture.parts.push(kept);
    capture.length += kept.length;
  }

  close(): void {
    const depth = this.path.length;
    this.path.pop();
    const capture = this.capture;
    if (capture !== undefined && capture.depth === depth && this.entry !== undefined) {
      const text = capture.parts.join('');
      if (capture.field === 'author') this.entry.authors.push(text);
      else this.entry.fields.set(capture.field, text);
      this.capture = undefined;
    }
    if (depth === 2 && this.entry !== undefined) {
      const { fields, authors } = this.entry;
      this.entry = undefined;
      this.onEntry({ ...Object.fromEntries(fields), authors });
    }
  }
}
