import { readFileSync } from 'node:fs';
import type { ProviderId } from '../../src/ports/config-source.port.js';
import type { RecordOptions } from '../../src/adapters/provider-http/record-fields.js';

/**
 * Hostile and realistic provider bodies for the event-loop tests and the parser benchmark.
 * Every hostile body fills the 4 MiB body bound (within a few bytes) with the shape that costs
 * a parser most per byte; the realistic ones are real fixture bodies, repeated to the largest
 * page a search asks for.
 */

/** The response body bound of the HTTP policy, in bytes. */
export const BODY_BOUND = 4 * 1024 * 1024;

/**
 * Which parser a body is meant for: the five providers, PubMed's two answers told apart, and
 * Crossref's single-work answer of a DOI lookup.
 */
export type ParserName = Exclude<ProviderId, 'pubmed'> | 'pubmed-search' | 'pubmed-summary' | 'crossref-work';

/** One named body for one parser, built on demand (so only one 4 MiB body lives at a time). */
export interface NamedBody {
  readonly parser: ParserName;
  readonly name: string;
  /** Whether the body is a real one (repeated) rather than a hostile one. */
  readonly realistic: boolean;
  /** What the parser is asked to keep beyond the always-on fields (abstracts, for the bodies that attack them). */
  readonly options?: RecordOptions;
  build(): string;
}

const FIXTURES = new URL('../../../test/fixtures/providers/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

/** `head` + as many `unit`s as fit in the bound + `tail`. */
function fill(head: string, unit: string | ((index: number) => string), tail: string, bound = BODY_BOUND): string {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let index = 0; ; index++) {
    const text = typeof unit === 'string' ? unit : unit(index);
    const bytes = Buffer.byteLength(text);
    if (size + bytes > bound) break;
    parts.push(text);
    size += bytes;
  }
  parts.push(tail);
  return parts.join('');
}

/** `count` copies of `unit` joined by `separator` (for realistic pages). */
const repeat = (count: number, unit: (index: number) => string, separator = ','): string =>
  Array.from({ length: count }, (_, index) => unit(index)).join(separator);

const FEED_HEAD = '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">';
const ENTRY_HEAD = '<entry><id>http://arxiv.org/abs/2101.00001v1</id><published>2021-01-01T00:00:00Z</published><title>';

/** The arXiv feeds: the issue's shapes at the bound, and the real feed repeated to 200 entries. */
export function arxivBodies(): NamedBody[] {
  const body = (name: string, build: () => string): NamedBody => ({ parser: 'arxiv', name, realistic: name.startsWith('realistic'), build });
  return [
    body('realistic 200 entries', () => {
      const real = fixture('arxiv-search-atom.xml');
      const entries = real.slice(real.indexOf('<entry>'), real.lastIndexOf('</feed>'));
      return real.slice(0, real.indexOf('<entry>')) + entries.repeat(20) + '</feed>\n';
    }),
    body('empty elements', () => fill(FEED_HEAD, '<a/>', '</feed>')),
    body('minimal entries', () =>
      fill(
        FEED_HEAD,
        (i) => `<entry><id>http://arxiv.org/abs/2101.${i}v1</id><title>T ${i}</title><published>2021-01-01</published><author><name>A</name></author></entry>`,
        '</feed>',
      ),
    ),
    body('entity-dense title', () => fill(`${FEED_HEAD}${ENTRY_HEAD}`, '&amp;&#233;', '</title></entry></feed>')),
    body('whitespace-dense title', () => fill(`${FEED_HEAD}${ENTRY_HEAD}`, 'a \n', '</title></entry></feed>')),
    body('authors of one entry', () => fill(`${FEED_HEAD}${ENTRY_HEAD}T</title>`, '<author><name>A B</name></author>', '</entry></feed>')),
    body('deep nesting', () => nested(FEED_HEAD, '<a>', '</a>', '</feed>')),
    body('attributes of one element', () => fill(`${FEED_HEAD}<a`, (i) => ` a${i}="v"`, '/></feed>')),
    body('comments and CDATA', () => fill(FEED_HEAD, '<!--c--><![CDATA[x]]>', '</feed>')),
  ];
}

/** `head` + n × `open` + n × `close` + `tail`, as deep as fits in the bound. */
function nested(head: string, open: string, close: string, tail: string): string {
  const depth = Math.floor((BODY_BOUND - head.length - tail.length) / (open.length + close.length));
  return head + open.repeat(depth) + close.repeat(depth) + tail;
}

/** The JSON bodies: records, authors, non-objects and whitespace at the bound, and real pages. */
export function jsonBodies(): NamedBody[] {
  const openalex = () => (JSON.parse(fixture('openalex-works-title-search.json')) as { results: unknown[] }).results;
  const crossref = () => (JSON.parse(fixture('crossref-works-query-author.json')) as { message: { items: unknown[] } }).message.items;
  const firstSummary = () => JSON.stringify((JSON.parse(fixture('pubmed-esummary.json')) as { result: Record<string, unknown> }).result['26622191']);
  const b = (parser: ParserName, name: string, build: () => string): NamedBody => ({ parser, name, realistic: name.startsWith('realistic'), build });
  return [
    b('openalex', 'realistic 100 records', () => {
      const works = openalex();
      return `{"results":[${repeat(100, (i) => JSON.stringify(works[i % 2]))}]}`;
    }),
    b('openalex', 'minimal records', () => fill('{"results":[', (i) => `${i ? ',' : ''}{"display_name":"T ${i}","publication_year":2021}`, ']}')),
    b('openalex', 'authors of one record', () =>
      fill('{"results":[{"display_name":"T","authorships":[', (i) => `${i ? ',' : ''}{"author":{"display_name":"A B"}}`, ']}]}'),
    ),
    b('openalex', 'numbers instead of records', () => fill('{"results":[0', ',0', ']}')),
    b('openalex', 'empty objects', () => fill('{"results":[{}', ',{}', ']}')),
    b('openalex', 'whitespace-dense title', () => fill('{"results":[{"display_name":"', 'a \\n', '"}]}')),
    b('semantic_scholar', 'realistic 100 records', () => fixture('semanticscholar-paper-search.json')),
    b('semantic_scholar', 'minimal records', () => fill('{"data":[', (i) => `${i ? ',' : ''}{"title":"T ${i}","year":2021,"authors":[{"name":"A"}]}`, ']}')),
    b('semantic_scholar', 'authors of one record', () => fill('{"data":[{"title":"T","authors":[', (i) => `${i ? ',' : ''}{"name":"A B"}`, ']}]}')),
    b('crossref', 'realistic 200 records', () => {
      const items = crossref();
      return `{"message":{"items":[${repeat(200, (i) => JSON.stringify(items[i % 20]))}]}}`;
    }),
    b('crossref', 'minimal records', () => fill('{"message":{"items":[', (i) => `${i ? ',' : ''}{"title":["T ${i}"],"issued":{"date-parts":[[2021]]}}`, ']}}')),
    b('crossref', 'authors of one record', () =>
      fill('{"message":{"items":[{"title":["T"],"author":[', (i) => `${i ? ',' : ''}{"family":"F","given":"G"}`, ']}]}}'),
    ),
    ...markupBodies(),
    b('pubmed-search', 'ids at the bound', () => fill('{"esearchresult":{"idlist":["1"', (i) => `,"${i}"`, ']}}')),
    b('pubmed-summary', 'realistic 200 records', () => {
      const summary = firstSummary();
      return `{"result":{"uids":[${repeat(200, (i) => `"${i}"`)}],${repeat(200, (i) => `"${i}":${summary}`)}}}`;
    }),
    b('pubmed-summary', 'uids at the bound', () => fill('{"result":{"1":{"title":"T"},"uids":["1"', ',"1"', ']}}')),
    b('pubmed-summary', 'minimal records', pubmedMinimal),
    b('pubmed-summary', 'article ids of one record', () =>
      fill('{"result":{"uids":["1"],"1":{"title":"T","articleids":[', (i) => `${i ? ',' : ''}{"idtype":"pmc","value":"x"}`, ']}}}'),
    ),
  ];
}

/** `<a` and 65,000 letters: a tag that never closes, as long as a field the JSON reader still builds (issue 19, row 1). */
const UNCLOSED_TAG = `<a${'x'.repeat(65_000)}`;

/** 16,000 comment openers without one `-->` (issue 19, row 1: each used to rescan to the end). */
const UNCLOSED_COMMENTS = '<!--'.repeat(16_000);

/** A word of 58,000 letters, `index` told apart at its end: at 1,000 positions it joined 58 million characters (issue 19, row 2). */
const longWord = (index: number): string => `${'w'.repeat(58_000)}${index}`;

/**
 * The bodies that attacked the text steps of a record (issue 19, rows 1 and 2): Crossref titles,
 * venues and abstracts of unclosed tags or comment openers, a DOI lookup's work with all three,
 * and OpenAlex inverted indexes of a 58,000-character word at 1,000 positions.
 */
function markupBodies(): NamedBody[] {
  const abstracts = { abstracts: true } as const;
  const b = (parser: ParserName, name: string, build: () => string, options?: RecordOptions): NamedBody => ({
    parser,
    name,
    realistic: false,
    build,
    ...(options === undefined ? {} : { options }),
  });
  const works = (work: (index: number) => string) => fill('{"message":{"items":[', (i) => `${i ? ',' : ''}${work(i)}`, ']}}');
  return [
    b('crossref', 'unclosed tags in titles', () => works(() => `{"title":["${UNCLOSED_TAG}"]}`)),
    b('crossref', 'unclosed tags in venues', () => works((i) => `{"title":["T${i}"],"container-title":["${UNCLOSED_TAG}"]}`)),
    b('crossref', 'unclosed tags in abstracts', () => works((i) => `{"title":["T${i}"],"abstract":"${UNCLOSED_TAG}"}`), abstracts),
    b('crossref', 'unclosed comments in titles', () => works(() => `{"title":["${UNCLOSED_COMMENTS}"]}`)),
    b('crossref', 'unclosed comments in abstracts', () => works((i) => `{"title":["T${i}"],"abstract":"${UNCLOSED_COMMENTS}"}`), abstracts),
    b(
      'crossref-work',
      'unclosed tags in the title, venue and abstract of a looked-up work',
      () => fill(`{"message":{"container-title":["${UNCLOSED_TAG}"],"abstract":"${UNCLOSED_TAG}","title":["${UNCLOSED_TAG}"`, `,"${UNCLOSED_TAG}"`, ']}}'),
      abstracts,
    ),
    b(
      'openalex',
      'inverted indexes of a long word at every position',
      () => {
        const positions = `[${Array.from({ length: 1000 }, (_, at) => at).join(',')}]`;
        return fill('{"results":[', (i) => `${i ? ',' : ''}{"display_name":"T${i}","abstract_inverted_index":{"${longWord(i)}":${positions}}}`, ']}');
      },
      abstracts,
    ),
  ];
}

/** Minimal esummary records (`"<uid>":{"title":…}`) and their uid list, together just under the bound. */
function pubmedMinimal(): string {
  const build = (count: number) => `{"result":{"uids":[${repeat(count, (i) => `"${i}"`)}],${repeat(count, (i) => `"${i}":{"title":"T","pubdate":"2021"}`)}}}`;
  let count = Math.floor(BODY_BOUND / 48);
  count = Math.floor((count * BODY_BOUND) / Buffer.byteLength(build(count))) - 20; // scaled to the bound
  let body = build(count);
  while (Buffer.byteLength(body) > BODY_BOUND) body = build((count -= 20));
  return body;
}

/** Every body, hostile and realistic, for every parser. */
export const allProviderBodies = (): NamedBody[] => [...arxivBodies(), ...jsonBodies()];
