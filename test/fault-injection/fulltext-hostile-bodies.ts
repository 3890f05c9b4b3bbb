/**
 * Hostile full-text documents at the 4 MiB the issue asks for (docs/provider-data.md#8-full-text-documents),
 * and documents near the 16 MiB document bound whose one text value is 12 MiB (issue 29, row 2).
 */

/** Size of each hostile body: 4 MiB. */
export const HOSTILE_BYTES = 4 * 1024 * 1024;

/** Which source serves a body, and so which reader reads it. */
type HostileSource = 'arxiv' | 'europepmc';

/** One hostile body: its name, the source serving it and how to build it. */
export interface HostileBody {
  readonly name: string;
  readonly source: HostileSource;
  readonly build: () => Buffer;
  /** Its size is at most this, and near it (default {@link HOSTILE_BYTES}). */
  readonly bytes?: number;
}

/** Size of the long-value documents: just under the 16 MiB document bound. */
export const LONG_VALUE_BYTES = 16 * 1024 * 1024 - 64 * 1024;

/** Length of the one long value: 12 MiB of characters. */
const LONG = 12 * 1024 * 1024;

/** `unit` repeated between `head` and `tail` until the whole is just under `bytes`. */
function filled(head: string, unit: string, tail: string, bytes = HOSTILE_BYTES): Buffer {
  const count = Math.floor((bytes - head.length - tail.length) / unit.length);
  return Buffer.from(head + unit.repeat(count) + tail, 'utf8');
}

const PAGE_HEAD = '<!DOCTYPE html><html><body><article class="ltx_document"><section class="ltx_section"><h2 class="ltx_title">1 Hostile</h2>';
const PAGE_TAIL = '</section></article></body></html>';
const JATS_HEAD =
  '<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD v1.3 20210610//EN" "JATS-archivearticle1-3.dtd"><article><front><article-meta><article-id pub-id-type="pmcid">PMC12311175</article-id></article-meta></front><body><sec><title>Hostile</title>';
const JATS_TAIL = '</sec></body></article>';
/** The classic entity expansion: each level names the one below it ten times. */
const LAUGHS = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`).join('')}]>`;

/** Bytes that are not UTF-8 (lone continuation bytes, an overlong form, a truncated sequence), between valid markup. */
const INVALID_UTF8 = Buffer.from([0x80, 0xbf, 0xc0, 0xaf, 0xe2, 0x82, 0xff, 0xfe]);

/** Every hostile body, each about 4 MiB. */
export function hostileBodies(): HostileBody[] {
  return [
    { name: '4 MiB of nested <div>', source: 'arxiv', build: () => filled(PAGE_HEAD, '<div>', PAGE_TAIL) },
    {
      name: 'an entity bomb (4 MiB of character references in one paragraph)',
      source: 'arxiv',
      build: () => filled(`${PAGE_HEAD}<p>`, '&amp;&#x1F600;&lt;', `</p>${PAGE_TAIL}`),
    },
    {
      name: 'a billion-laughs DOCTYPE with 4 MiB of references to it',
      source: 'arxiv',
      build: () => filled(`${LAUGHS}${PAGE_HEAD}`, '<p>&lol9;</p>', PAGE_TAIL),
    },
    { name: '100,000 empty paragraphs', source: 'arxiv', build: () => Buffer.from(PAGE_HEAD + '<p></p>'.repeat(100_000) + PAGE_TAIL, 'utf8') },
    { name: '4 MiB of empty paragraphs', source: 'arxiv', build: () => filled(PAGE_HEAD, '<p> </p>', PAGE_TAIL) },
    {
      name: 'invalid UTF-8 throughout',
      source: 'arxiv',
      build: () => {
        const unit = Buffer.concat([Buffer.from('<p>text '), INVALID_UTF8, Buffer.from(' more</p>')]);
        const count = Math.floor((HOSTILE_BYTES - PAGE_HEAD.length - PAGE_TAIL.length) / unit.length);
        return Buffer.concat([Buffer.from(PAGE_HEAD), ...Array.from({ length: count }, () => unit), Buffer.from(PAGE_TAIL)]);
      },
    },
    { name: 'JATS: a billion-laughs DOCTYPE', source: 'europepmc', build: () => filled(`${LAUGHS}<article><body>`, '<p>&lol9;</p>', '</body></article>') },
    {
      name: 'JATS: an entity bomb (4 MiB of character references)',
      source: 'europepmc',
      build: () => filled(`${JATS_HEAD}<p>`, '&amp;&#x1F600;&lt;', `</p>${JATS_TAIL}`),
    },
    { name: 'JATS: 4 MiB of empty paragraphs', source: 'europepmc', build: () => filled(JATS_HEAD, '<p/>', JATS_TAIL) },
    { name: 'JATS: 4 MiB of nested sections', source: 'europepmc', build: () => filled(JATS_HEAD, '<sec>', JATS_TAIL) },
  ];
}

/**
 * Documents near the 16 MiB bound, each holding one 12 MiB value (issue 29, row 2), the rest of
 * the document a real-looking body of paragraphs: a CDATA section, a `tex-math`, a `term`, a
 * MathML `alttext` (JATS); a `class` attribute and a formula's `alttext` (arXiv's HTML).
 */
export function longValueBodies(): HostileBody[] {
  const jats = (value: string): Buffer =>
    filled(`${JATS_HEAD}<p>${value}</p>`, '<p>Text of a paragraph, as an article has many.</p>', JATS_TAIL, LONG_VALUE_BYTES);
  const page = (value: string): Buffer => filled(`${PAGE_HEAD}${value}`, '<p>Text of a paragraph, as a paper has many.</p>', PAGE_TAIL, LONG_VALUE_BYTES);
  const long = 'x y '.repeat(LONG / 4);
  return [
    { name: 'JATS: a 12 MiB CDATA section', source: 'europepmc', bytes: LONG_VALUE_BYTES, build: () => jats(`<![CDATA[${long}]]>`) },
    {
      name: 'JATS: a 12 MiB tex-math',
      source: 'europepmc',
      bytes: LONG_VALUE_BYTES,
      build: () => jats(`<disp-formula><tex-math>${long}</tex-math></disp-formula>`),
    },
    {
      name: 'JATS: a 12 MiB term',
      source: 'europepmc',
      bytes: LONG_VALUE_BYTES,
      build: () => jats(`</p><def-list><def-item><term>${long}</term><def><p>d</p></def></def-item></def-list><p>`),
    },
    {
      name: 'JATS: a 12 MiB MathML alttext',
      source: 'europepmc',
      bytes: LONG_VALUE_BYTES,
      build: () => jats(`<inline-formula><math alttext="${long}"><mi>x</mi></math></inline-formula>`),
    },
    { name: 'a 12 MiB class attribute', source: 'arxiv', bytes: LONG_VALUE_BYTES, build: () => page(`<p class="${long}">text</p>`) },
    { name: 'a 12 MiB formula alttext', source: 'arxiv', bytes: LONG_VALUE_BYTES, build: () => page(`<p><math alttext="${long}"><mi>x</mi></math></p>`) },
  ];
}
