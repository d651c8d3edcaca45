import { Alert, Button, Spin } from 'antd';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../router/ErrorBoundary';
import { type Chunk, lazyChunk } from '../router/lazy-chunk';

/**
 * A part of the shell that loads the first time it is opened (the search panel, the settings
 * drawer, the chat window, the colour picker), so the shell after sign-in carries only what its
 * first screen shows. Same chunk rules as pages: 120 s to arrive, logged, "Try again".
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): Chunk<P> {
  return lazyChunk(async () => ({ default: await load() }), `shell/${name}`);
}

/** Renders a lazy part with its props, `fallback` while it arrives and a retry if it does not. */
export function LazyPart<P extends object>({
  chunk,
  props,
  fallback,
}: {
  chunk: Chunk<P>;
  props: P;
  fallback: ReactNode;
}) {
  return (
    <ErrorBoundary
      where={chunk.name}
      onRetry={chunk.retry}
      fallback={(error, retry) => <PartFailed message={error.message} retry={retry} />}
    >
      <Suspense fallback={fallback}>
        <CurrentPart chunk={chunk} props={props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The chunk's current load, read when rendered: after "Try again" that is a new one. */
function CurrentPart<P extends object>({ chunk, props }: { chunk: Chunk<P>; props: P }) {
  const Part = chunk.current;
  return <Part {...props} />;
}

/**
 * Whether a part has been opened once: it mounts then and stays (its closing animation plays,
 * and reopening is instant). `open` is the part's own open state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** While a dialog or drawer arrives: the spinner in the middle of the screen, over the page. */
export function OverlayLoading() {
  return (
    <div className="part-loading" data-testid="part-loading">
      <Spin size="large" />
    </div>
  );
}

/** A part whose chunk failed: said at the top of the screen with "Try again" (the shell stays usable). */
function PartFailed({ message, retry }: { message: string; retry(): void }) {
  const { t } = useTranslation('shell');
  return (
    <Alert
      className="part-error"
      data-testid="part-error"
      type="error"
      showIcon
      title={message}
      closable
      action={
        <Button size="small" onClick={retry}>
          {t('pageError.retry')}
        </Button>
      }
    />
  );
}
