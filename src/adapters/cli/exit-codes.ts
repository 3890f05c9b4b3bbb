/** Normal end: help or version printed, or end of input after complete messages (docs/command-line.md). */
export const EXIT_OK = 0;

/** Fatal transport or runtime failure; stderr carries `error: <reason-code>` (docs/command-line.md). */
export const EXIT_FAILURE = 1;

/** Usage error: the command line is outside the closed grammar (docs/command-line.md). */
export const EXIT_USAGE = 2;
