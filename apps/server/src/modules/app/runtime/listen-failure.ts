/**
 * Why a listener could not open, as a person reads it in the app list ("Port 4100 is already in
 * use"). Stored with the `failed` status in English, like the operation log; the screen words the
 * common reasons in its own language.
 */
export function listenFailure(err: unknown, host: string, port: number): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use`;
    case 'EACCES':
      return `Port ${port} needs privileges the console does not have`;
    case 'EADDRNOTAVAIL':
      return `Address ${host} is not an address of this machine`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Address ${host} could not be resolved`;
    default:
      return `The listener could not open on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`;
  }
}
