import { boundedString } from '../shared/string-checks.js';

/** Most characters a working-directory hint (`cwd`) may hold (docs/tools.md#5-qiongli_literature_status, #6). */
const MAX_CONTEXT_CHARACTERS = 4096;

/**
 * The optional `cwd` argument of literature status and search planning: a non-blank string of
 * at most 4096 characters. It is validated, then ignored: Lite reads no project directory.
 */
export const contextDirectory = () =>
  boundedString(
    { max: MAX_CONTEXT_CHARACTERS, unit: 'characters', nonBlank: true },
    {
      type: 'cwd must be a string',
      blank: 'cwd must not be empty',
      tooLong: 'cwd must be at most 4096 characters',
    },
  ).describe('Working directory of the client, as a hint (at most 4096 characters). Validated, then ignored.');
