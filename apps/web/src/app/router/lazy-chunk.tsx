import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import i18n from '../../platform/i18n';
import { logError } from '../../platform/log/log-store';

/** SPEC §9: a chunk that has not loaded in 120 seconds has failed. */
export const CHUNK_LOAD_TIMEOUT_SECONDS = 120;

/** A page or shell chunk that failed or did not arrive in time; its message is the reader's. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly timedOut: boolean,
  ) {
    super(
      timedOut ? i18n.t('shell:chunk.timeout', { seconds: CHUNK_LOAD_TIMEOUT_SECONDS }) : i18n.t('shell:chunk.failed'),
    );
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(loading: Promise<T>, chunk: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, true)), CHUNK_LOAD_TIMEOUT_SECONDS * 1000);
    loading.then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(Object.assign(new ChunkLoadError(chunk, false), { cause }));
      },
    );
  });
}

/** A lazily loaded page, shell or part of the shell; render a page with <LazyChunk chunk={…} />. */
export interface Chunk<P extends object = object> {
  name: string;
  current: LazyExoticComponent<ComponentType<P>>;
  /** After a failed load, the next render loads again (the error boundary's "Retry" calls it). */
  retry(): void;
}

/**
 * `React.lazy` for a page, the shell or a part of it with the chunk timeout. `lazy` remembers a
 * failed load for good, so a failed chunk must be started over explicitly: `retry()` does that,
 * and only after a failure (the error has to reach the boundary first).
 */
export function lazyChunk<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  name: string,
): Chunk<P> {
  let failed = false;
  const start = () =>
    lazy(() =>
      withTimeout(load(), name).catch((error: ChunkLoadError) => {
        failed = true;
        logError(error.message, {
          kind: 'chunk',
          chunk: name,
          timedOut: error.timedOut,
          cause: String(error.cause ?? ''),
        });
        throw error;
      }),
    );
  const chunk: Chunk<P> = {
    name,
    current: start(),
    retry() {
      if (!failed) return;
      failed = false;
      chunk.current = start();
    },
  };
  return chunk;
}

/** Renders the chunk's current load (a page or the shell: no props). */
export function LazyChunk({ chunk }: { chunk: Chunk }) {
  const Current = chunk.current;
  return <Current />;
}
