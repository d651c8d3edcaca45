/**
 * Why an app ended `failed`. The server stores the English sentence with the status (API callers
 * and logs read it as is); the screen recognises these sentences and says them in the reader's
 * language (locale namespace `app`, `reasons.<key>`). Anything else is shown as stored.
 */
export const APP_FAILURES = {
  portInUse: (p: { port: number | string }) => `Port ${p.port} is already in use`,
  portDenied: (p: { port: number | string }) => `Port ${p.port} needs privileges the console does not have`,
  portNotAllowed: (p: { port: number | string }) => `Port ${p.port} is not a port apps may use on this host`,
  hostUnavailable: (p: { host: string }) => `Address ${p.host} is not an address of this machine`,
  listenerFailed: (p: { detail: string }) => `The listener failed: ${p.detail}`,
  listenerClosed: () => 'The listener closed unexpectedly',
} as const;

export type AppFailureKey = keyof typeof APP_FAILURES;

const PATTERNS: [AppFailureKey, RegExp, readonly string[]][] = [
  ['portInUse', /^Port (\d+) is already in use$/, ['port']],
  ['portDenied', /^Port (\d+) needs privileges the console does not have$/, ['port']],
  ['portNotAllowed', /^Port (\d+) is not a port apps may use on this host$/, ['port']],
  ['hostUnavailable', /^Address (.+) is not an address of this machine$/, ['host']],
  ['listenerFailed', /^The listener failed: (.*)$/s, ['detail']],
  ['listenerClosed', /^The listener closed unexpectedly$/, []],
];

/** The failure a stored reason describes, with its values; null for any other text. */
export function parseAppFailure(reason: string): { key: AppFailureKey; values: Record<string, string> } | null {
  for (const [key, pattern, names] of PATTERNS) {
    const match = pattern.exec(reason);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
