/**
 * Crossref's JATS/HTML markup removed from titles, venues and abstracts, in time linear in the
 * text: one pass finds each `<`, reads at most a short element name after it, and only a name of
 * {@link INLINE_ELEMENTS} or {@link BLOCK_ELEMENTS} is markup. Anything else (`k<n and n>2`,
 * `<INSERT_YOUR_EMAIL>`, `<a` followed by 65,000 letters) stays text, and no stretch of the text
 * is read more than twice (docs/provider-data.md, section 4).
 */

/** JATS and HTML elements that sit inside running text: removed without a space. */
const INLINE_ELEMENTS = new Set([
  'italic',
  'bold',
  'sup',
  'sub',
  'sc',
  'scp',
  'styled-content',
  'ext-link',
  'monospace',
  'underline',
  'overline',
  'roman',
  'sans-serif',
  'strike',
  'inline-formula',
  'named-content',
  'xref',
  'uri',
  'email',
  'abbrev',
  'i',
  'b',
  'em',
  'strong',
  'span',
  'a',
  'u',
  'small',
  'code',
  'tt',
  'mml:mi',
  'mml:mo',
  'mml:mn',
]);

/** JATS, HTML and MathML elements that end a stretch of text: each becomes a space. */
const BLOCK_ELEMENTS = new Set(
  [
    // JATS (also with the `jats:` prefix Crossref deposits use)
    'abstract trans-abstract title sec p list list-item label caption break disp-formula disp-quote fig table-wrap',
    'graphic inline-graphic media boxed-text def-list def-item term def statement preformat alternatives tex-math',
    'fn attrib kwd-group kwd array',
    // HTML
    'br hr div h1 h2 h3 h4 h5 h6 ul ol li dl dt dd blockquote pre img figure figcaption section header footer article',
    'table thead tbody tfoot tr td th col colgroup',
    // MathML (Crossref deposits it with the `mml:` prefix)
    'mml:math mml:mrow mml:msub mml:msup mml:msubsup mml:mfrac mml:msqrt mml:mroot mml:mtext mml:mspace mml:mstyle',
    'mml:mtable mml:mtr mml:mtd mml:munder mml:mover mml:munderover mml:mfenced mml:mpadded mml:semantics mml:annotation',
  ]
    .join(' ')
    .split(' '),
);

/** Longest element name looked for after a `<` (`jats:` + the longest name, with room to spare). */
const MAX_NAME_CHARS = 32;

/** Whether `code` may continue an element name (`[A-Za-z0-9:._-]`). */
const isNameCode = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x3a) || code === 0x2d || code === 0x2e || code === 0x5f;

/** Whether `code` may follow an element name inside a tag (whitespace, `/` or `>`). */
const endsName = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x2f || code === 0x3e;

/** What a known tag at some `<` becomes, and where it ends (the index after its `>`). */
interface Tag {
  readonly end: number;
  readonly replacement: '' | ' ';
}

/**
 * The known start, end or empty-element tag opening at `text[at] === '<'`, or `undefined` when
 * what follows is not one. Reads at most {@link MAX_NAME_CHARS} name characters, then up to the
 * first `<` or `>` (a `<` first means this was text).
 */
function knownTagAt(text: string, at: number): Tag | undefined {
  const nameStart = text.charCodeAt(at + 1) === 0x2f /* / */ ? at + 2 : at + 1;
  let nameEnd = nameStart;
  while (nameEnd - nameStart <= MAX_NAME_CHARS && isNameCode(text.charCodeAt(nameEnd))) nameEnd += 1;
  if (nameEnd === nameStart || nameEnd - nameStart > MAX_NAME_CHARS || !endsName(text.charCodeAt(nameEnd))) return undefined;
  const name = text
    .slice(nameStart, nameEnd)
    .toLowerCase()
    .replace(/^jats:/u, '');
  const replacement = INLINE_ELEMENTS.has(name) ? '' : BLOCK_ELEMENTS.has(name) ? ' ' : undefined;
  if (replacement === undefined) return undefined;
  for (let index = nameEnd; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x3e /* > */) return { end: index + 1, replacement };
    if (code === 0x3c /* < */) return undefined;
  }
  return undefined;
}

/**
 * `text` without its known JATS/HTML/MathML tags (inline ones removed in place, others a space)
 * and without complete `<!-- … -->` comments (a space each). Linear: a `<!--` with no `-->`
 * after it is text, and once one is found unterminated no later `<!--` searches again.
 */
export function stripKnownMarkup(text: string): string {
  const parts: string[] = [];
  let copiedTo = 0;
  let commentEndAhead = true;
  for (let at = text.indexOf('<'); at >= 0; ) {
    let tag: Tag | undefined;
    if (text.startsWith('<!--', at)) {
      const close = commentEndAhead ? text.indexOf('-->', at + 4) : -1;
      if (close < 0) commentEndAhead = false;
      else tag = { end: close + 3, replacement: ' ' };
    } else tag = knownTagAt(text, at);
    if (tag === undefined) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    parts.push(text.slice(copiedTo, at), tag.replacement);
    copiedTo = tag.end;
    at = text.indexOf('<', tag.end);
  }
  if (copiedTo === 0) return text;
  parts.push(text.slice(copiedTo));
  return parts.join('');
}
