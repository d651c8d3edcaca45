/** A configuration value that stops the server at start; main prints its message without a stack. */
export class ConfigError extends Error {}
