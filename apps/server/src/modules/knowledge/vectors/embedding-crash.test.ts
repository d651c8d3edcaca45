import { childCall } from '@agent-console/server/test/child-server';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChildConsole } from '@agent-console/server/test/fixtures/child-console';
import { type SynonymEmbeddings, startSynonymEmbeddings } from '@agent-console/server/test/fixtures/synonym-embeddings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 33, acceptance 2: a console killed with SIGKILL while it writes vectors resumes after a
 * restart without asking the model again for what it had already written. The built server runs
 * as a real child process on its own data (both databases); the embedding model is a real local
 * HTTP server that stalls on its third call, so the kill lands while a batch is under way.
 */
const QA_COUNT = 30;
const BATCH = 5;
let peer: SynonymEmbeddings;
beforeAll(async () => {
  peer = await startSynonymEmbeddings();
});
afterAll(async () => {
  peer.release();
  await peer.close();
});
// Declared after the peer: its server is killed and its data removed before the peer closes.
const child = useChildConsole('ac-embed-crash', 'crash-test-password', { end: 'kill' });
const { data } = child;

const start = async () => {
  const s = await child.start(
    data.env({
      EMBEDDING_BASE_URL: peer.baseUrl,
      EMBEDDING_MODEL: 'synonyms',
      EMBEDDING_BATCH_SIZE: String(BATCH),
    }),
  );
  return { s, token: await child.login(s) };
};

const texts = (calls: string[][]) => calls.flat().filter((text) => text.includes('\n'));

describe('writing vectors survives SIGKILL', () => {
  it('resumes after a restart, and never embeds again what was written before the kill', async () => {
    await data.prepare();
    peer.hold();
    let { s, token } = await start();
    let fileId: number | undefined;
    const questions: string[] = [];
    for (let i = 0; i < QA_COUNT; i++) {
      const question = `Crash question number ${i}?`;
      questions.push(`${question}\nCrash answer ${i}.`);
      const saved = await childCall<{ fileId: number }>(s, 'POST', '/api/v3/qa-file/qaSave', token, {
        question,
        answer: `Crash answer ${i}.`,
        ...(fileId === undefined ? { newFileName: 'Crash FAQ' } : { fileId }),
      });
      fileId = saved.fileId;
    }
    // Two calls answered, then the model stalls on the third: kill while it waits.
    const served: string[][] = [];
    for (let call = 0; call < 2; call++) {
      await waitUntil(
        async () => peer.inputs().length,
        (n) => n > call,
        60_000,
        `embedding call ${call + 1}`,
      );
      served.push(...peer.inputs().slice(call, call + 1));
      peer.release();
      peer.hold();
    }
    await waitUntil(
      async () => peer.inputs().length,
      (n) => n >= 3,
      60_000,
      'the third embedding call',
    );
    // The third call was sent after the second call's vectors were committed.
    const written = texts(served);
    expect(written.length).toBeGreaterThan(0);
    await s.kill();
    const beforeRestart = peer.inputs().length;
    peer.release();

    ({ s, token } = await start());
    await waitUntil(
      async () => new Set(texts(peer.inputs())),
      (seen) => questions.every((q) => seen.has(q)),
      120_000,
      'every QA embedded',
    );
    const afterRestart = texts(peer.inputs().slice(beforeRestart));
    for (const text of written) expect(afterRestart).not.toContain(text);
    // Each text is asked for once after the restart: nothing twice within a run either.
    expect(new Set(afterRestart).size).toBe(afterRestart.length);
    expect(afterRestart.length).toBe(QA_COUNT - written.length);
  }, 480_000);
});
