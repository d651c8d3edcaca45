import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LoadResult {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
}

/** HTTP load with autocannon: `connections` clients for `seconds`. */
export async function httpLoad(opts: {
  url: string;
  token: string;
  body: unknown;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: 'POST',
    connections: opts.connections,
    duration: opts.seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
    body: JSON.stringify(opts.body),
  });
  return {
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** The same closed-loop shape for anything async (a raw SQL query): `concurrency` loops for `seconds`. */
export async function loopLoad(fn: () => Promise<unknown>, concurrency: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const start = performance.now();
      try {
        await fn();
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return {
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}
