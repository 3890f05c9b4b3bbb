/**
 * The BibTeX parser adapter (docs/tools.md#the-reference-check): loaded with its
 * library only when a reference check first reads BibTeX.
 */
export { RetorquereBibliographyParser } from './retorquere-bibliography-parser.js';
