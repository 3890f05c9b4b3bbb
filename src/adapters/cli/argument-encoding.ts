/** U+FFFD, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const NOT_UTF8 = /\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a command-line argument arrived as valid UTF-8 (docs/command-line.md, "non-UTF-8 option or
 * value").
 *
 * Node decodes `process.argv` as UTF-8 and replaces every invalid byte sequence with U+FFFD,
 * so the original bytes are gone by the time this runs. An argument is therefore judged
 * non-UTF-8 when it contains U+FFFD or a lone surrogate. A U+FFFD the user typed on purpose
 * is indistinguishable and is rejected too; no valid command line needs one.
 */
export const isWellFormedArgument = (argument: string): boolean => !NOT_UTF8.test(argument);
