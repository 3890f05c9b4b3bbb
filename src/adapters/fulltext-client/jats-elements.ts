/** The JATS elements the full-text reader treats specially (docs/provider-data.md#8-full-text-documents). */

/** Attributes the JATS reader needs: licence links, article id types, MathML text alternatives. */
export const ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'pub-id-type', 'alttext']);

/** Subtrees whose text is never part of the reading text. */
export const IGNORED = new Set(
  'journal-meta contrib-group aff author-notes kwd-group funding-group trans-abstract sub-article response graphic inline-graphic media object-id alt-text long-desc table processing-meta custom-meta-group history pub-date title-group article-categories counts self-uri related-article copyright-statement copyright-holder copyright-year'.split(
    ' ',
  ),
);
/** Elements whose text is a figure-like block: only their label and caption are kept. */
export const FIGURES = new Set(['fig', 'table-wrap', 'supplementary-material', 'chem-struct-wrap']);
/** Inside a figure, the parts besides label and caption (the table itself is ignored everywhere). */
export const FIGURE_IGNORED = new Set(['table-wrap-foot', 'attrib', 'permissions', 'array', 'list']);
/** Back-matter parts that are sections, and the heading each gets when it has none. */
export const BACK_SECTIONS: Readonly<Record<string, string>> = {
  ack: 'Acknowledgements',
  app: 'Appendix',
  'fn-group': 'Notes',
  glossary: 'Glossary',
  notes: 'Notes',
};
/** Inline elements: their boundaries never separate words. */
export const INLINE = new Set(
  'italic bold sup sub sc underline monospace roman sans-serif styled-content named-content xref ext-link uri abbrev email'.split(' '),
);

/** Whether open elements `names` (outermost first) lie in the permissions of the article's own metadata (`article-meta/…/permissions`). */
export function inArticlePermissions(names: readonly string[]): boolean {
  const meta = names.indexOf('article-meta');
  return meta >= 0 && names.indexOf('permissions', meta) > meta;
}

/**
 * Most characters of a captured value kept (an id, a licence reference, a `term`, a label or title
 * leading a passage, a `tex-math` formula); the rest is dropped as it comes, so a hostile 12 MiB
 * value is never held or cleaned whole. Ids and licence URLs are refused past 2,048, a passage
 * holds 2,000.
 */
export const MAX_CAPTURED_CHARS = 16 * 1024;
