/**
 * How the simulator behaves (ANCHORS §C failure modes). Every number is an option so that tests
 * can run the same behaviour in milliseconds; the defaults are what a person trying the console
 * meets.
 */
export interface SimulatorOptions {
  /** How long a QR code can be scanned (ANCHORS §C: about 2–4 minutes). */
  qrTtlMs: number;
  /** A login confirmed from another province than the requested proxy region drops this much later. */
  regionMismatchDropMs: number;
  /**
   * A new account drops once this long after its first login, at a random point in the range
   * (ANCHORS §C: within its first day or two); `false` turns the drop off.
   */
  firstDayDrop: { minMs: number; maxMs: number } | false;
  /** How long an address-list initialisation takes; its progress grows evenly over it. */
  initMs: number;
  /** Friends and groups of each new account; from the account's seed (roughly 40–150) when unset. */
  contactCount?: number;
  /** A send sooner than this after the account's previous send is refused as too frequent. */
  minGapMs: number;
  /** More than `windowMax` sends within `windowMs` are refused as too frequent (bursts of 60+). */
  windowMs: number;
  windowMax: number;
  /** Files over this size are refused (`fileTooLarge`). */
  maxFileBytes: number;
  /** How long the simulator waits for a file it was asked to fetch. */
  fileFetchTimeoutMs: number;
  /** How often due drops are carried out. */
  tickMs: number;
  /** Where callbacks go; the console's own `/api/gateway/callback` when unset. */
  callbackUrl?: string;
  /** Further tries of a callback the console did not accept, `callbackRetryMs` apart, doubling. */
  callbackRetries: number;
  callbackRetryMs: number;
  callbackTimeoutMs: number;
  /**
   * Echo every send back as a message callback with `self: true` and the send's message id, as
   * WKTeam does for the account's own messages; the console must tell these from a person's.
   */
  echoSends: boolean;
}

export const DEFAULT_SIMULATOR_OPTIONS: SimulatorOptions = {
  qrTtlMs: 180_000,
  regionMismatchDropMs: 5_000,
  firstDayDrop: { minMs: 2 * 3_600_000, maxMs: 36 * 3_600_000 },
  initMs: 6_000,
  // "About one a second is fine": a gap a little under a second still passes, clocks being clocks.
  minGapMs: 900,
  windowMs: 60_000,
  windowMax: 60,
  maxFileBytes: 20 * 1024 * 1024,
  fileFetchTimeoutMs: 15_000,
  tickMs: 1_000,
  callbackRetries: 3,
  callbackRetryMs: 1_000,
  callbackTimeoutMs: 5_000,
  echoSends: true,
};

export function simulatorOptions(given: Partial<SimulatorOptions> = {}): SimulatorOptions {
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_SIMULATOR_OPTIONS, ...defined };
}
