/**
 * The BibTeX parser adapter (docs/tools.md#qiongli_literature_check_references): loaded with its
 * library only when a reference check first reads BibTeX.
 */
export { RetorquereBibliographyParser } from './retorquere-bibliography-parser.js';
