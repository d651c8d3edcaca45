import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LoadResult {
  throughput: number;
  p50: number;
  p99: number;
  /** The longest wait of one call in the timed window. */
  max: number;
  errors: number;
  /** Calls a second in the timed window per URL, in the order given (one entry for one URL). */
  perUrl: number[];
}

/**
 * Seconds of load before the timed window. The clients open their connections (HTTP sockets,
 * pool connections) and the server warms its caches and JIT meanwhile, so the window measures
 * the steady state, not connecting.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/**
 * Latencies and errors of the calls that end inside the timed window, which opens WARMUP_SECONDS
 * after it is made. Judged by the clock at each call's end, not by a timer: a loop of in-process
 * PGlite queries resolves in microtasks and would not let a timer fire until it ends.
 */
class Window {
  private readonly start = performance.now() + WARMUP_SECONDS * 1000;
  private end = Number.NaN;
  private readonly latencies: number[] = [];
  private errors = 0;
  private readonly perUrl: number[];

  constructor(urls = 1) {
    this.perUrl = Array<number>(urls).fill(0);
  }

  close(): void {
    this.end = performance.now();
  }

  get isOpen(): boolean {
    return performance.now() >= this.start;
  }

  record(ms: number, failed: boolean, url = 0): void {
    if (!this.isOpen) return;
    this.latencies.push(ms);
    if (failed) this.errors++;
    this.perUrl[url] = (this.perUrl[url] ?? 0) + 1;
  }

  fail(): void {
    if (this.isOpen) this.errors++;
  }

  result(): LoadResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const seconds = (this.end - this.start) / 1000;
    return {
      throughput: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      errors: this.errors,
      perUrl: this.perUrl.map((n) => n / seconds),
    };
  }
}

/**
 * HTTP load with autocannon: `connections` keep-alive clients, a warm-up on those same
 * connections, then the timed window of `seconds`. A non-2xx answer or a failed request counts as
 * an error (and its wait as a latency). With several URLs autocannon pins client i to URL
 * i mod n, so the connections are shared out evenly, and `perUrl` tells what each served.
 */
export async function httpLoad(opts: {
  url: string | readonly string[];
  token?: string;
  body: unknown;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const urls = typeof opts.url === 'string' ? [opts.url] : [...opts.url];
  const window = new Window(urls.length);
  const ports = urls.map((u) => new URL(u).port);
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        // autocannon takes several URLs (its README: "More than one URL is allowed"); its types say one.
        url: (urls.length === 1 ? urls[0] : urls) as string,
        method: 'POST',
        connections: opts.connections,
        duration: WARMUP_SECONDS + opts.seconds,
        headers: {
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify(opts.body),
      },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      const port = String((client as unknown as { opts: { port: number } }).opts.port);
      window.record(ms, status < 200 || status > 299, Math.max(0, ports.indexOf(port)));
    });
    instance.on('reqError', () => window.fail());
  });
  window.close();
  return window.result();
}

/**
 * The same closed-loop shape for anything async (a raw SQL query): `concurrency` loops, warmed up
 * like `httpLoad` (a pool opens its connections then), then timed for `seconds`.
 */
export async function loopLoad(fn: () => Promise<unknown>, concurrency: number, seconds: number): Promise<LoadResult> {
  const window = new Window();
  const end = Date.now() + (WARMUP_SECONDS + seconds) * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const start = performance.now();
      let failed = false;
      try {
        await fn();
      } catch {
        failed = true;
      }
      window.record(performance.now() - start, failed);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  window.close();
  return window.result();
}
