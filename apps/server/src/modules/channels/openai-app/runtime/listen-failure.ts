import { APP_FAILURES } from '@agent-console/contracts';

/**
 * Why a listener could not open, as a person reads it in the app list ("Port 4100 is already in
 * use"). Stored with the `failed` status in English, like the operation log; the screen says the
 * known reasons (APP_FAILURES) in the reader's language.
 */
export function listenFailure(err: unknown, host: string, port: number): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return APP_FAILURES.portInUse({ port });
    case 'EACCES':
      return APP_FAILURES.portDenied({ port });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return APP_FAILURES.hostUnavailable({ host });
    default:
      return APP_FAILURES.listenerFailed({ detail: err instanceof Error ? err.message : String(err) });
  }
}
