/** A refusal or a mistake the person at the terminal can fix: printed as one line, exit 1. */
export class CliError extends Error {}

/** Where a command writes its lines (stdout in the command, an array in tests). */
export type Output = (line: string) => void;
