/** A refusal or failure the operator can act on: printed without a stack, exit code 1. */
export class BackupError extends Error {}
