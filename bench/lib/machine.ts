import os from 'node:os';
import { withAdminClient } from '@agent-console/server/test/test-database';

/** What a run ran on: results on a shared two-core machine mean little without it. */
export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  /** The PostgreSQL server's version, on a PostgreSQL run. */
  postgres?: string;
}

export async function describeMachine(databaseUrl: string | undefined): Promise<Machine> {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    ...(databaseUrl ? { postgres: await postgresVersion(databaseUrl) } : {}),
  };
}

function postgresVersion(url: string): Promise<string> {
  return withAdminClient(
    url,
    async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?',
  );
}

/** The one-minute load average: how busy the machine was with other work when a scenario ran. */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}
