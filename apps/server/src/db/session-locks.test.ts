import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCK_NAMESPACE } from './advisory-lock';
import { memoryLocks, postgresLocks, type SessionLocks } from './session-locks';

const template = inject('databaseTemplate');
const kinds: [string, () => SessionLocks][] = [['memory', memoryLocks]];
if (template.kind === 'postgres') kinds.push(['postgres', () => postgresLocks(template.url)]);

const opened: SessionLocks[] = [];
afterAll(() => Promise.all(opened.map((locks) => locks.close())));

/** Two holders of one lock must never overlap; records who was inside when. */
async function overlapOf(first: SessionLocks, second: SessionLocks): Promise<string[]> {
  const trace: string[] = [];
  const hold = (locks: SessionLocks, who: string) =>
    locks.withLock(LOCK_NAMESPACE.queueSetup, 7, async () => {
      trace.push(`${who} in`);
      // Long enough that the other caller is waiting by then, whatever order they started in.
      await new Promise((resolve) => setTimeout(resolve, 30));
      trace.push(`${who} out`);
    });
  await Promise.all([hold(first, 'a'), hold(second, 'b'), hold(first, 'c')]);
  return trace;
}

const oneAtATime = (trace: string[]) =>
  trace.every((step, i) => (i % 2 === 0 ? step.endsWith(' in') : step === `${trace[i - 1]?.split(' ')[0]} out`));

describe.each(kinds)('session locks (%s)', (_kind, open) => {
  const locks = () => {
    const made = open();
    opened.push(made);
    return made;
  };

  it('lets one caller at a time through withLock within one process', async () => {
    const one = locks();
    const trace = await overlapOf(one, one);
    expect(trace).toHaveLength(6);
    expect(oneAtATime(trace)).toBe(true);
  });

  it('goes on after a holder failed', async () => {
    const one = locks();
    await expect(
      one.withLock(LOCK_NAMESPACE.queueSetup, 8, async () => {
        throw new Error('failed inside');
      }),
    ).rejects.toThrow('failed inside');
    expect(await one.withLock(LOCK_NAMESPACE.queueSetup, 8, async () => 'next')).toBe('next');
  });
});

describe.runIf(template.kind === 'postgres')('session locks across processes', () => {
  it('lets one holder at a time through, whichever connection holds it', async () => {
    if (template.kind !== 'postgres') return;
    const a = postgresLocks(template.url);
    const b = postgresLocks(template.url);
    opened.push(a, b);
    const trace = await overlapOf(a, b);
    expect(oneAtATime(trace)).toBe(true);
  });
});
