/** The CLI's two kinds of failure that are not the API's: how a command was typed (exit 2), and no answer (exit 1). */
export class UsageError extends Error {}
/** An answer that is not what was hoped for, such as no property matching (exit 1). */
export class NoAnswer extends Error {}
