import { useEffect, useState } from 'react';
import { fetchBlob } from '../../platform/api/oss';

/**
 * What an <img> of a welcome image shows: the browser's own copy of a just-picked image, or the
 * saved image fetched with the session (an <img src> would carry no bearer token).
 */
export function useImageSource(
  url: string | undefined,
  localUrl: string | undefined,
): { src?: string; failed: boolean } {
  const [fetched, setFetched] = useState<{ url: string; src?: string; failed: boolean } | null>(null);
  useEffect(() => {
    if (localUrl || !url) return;
    let objectUrl: string | undefined;
    let alive = true;
    fetchBlob(url).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (alive) setFetched({ url, src: objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      },
      () => alive && setFetched({ url, failed: true }),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, localUrl]);
  if (localUrl) return { src: localUrl, failed: false };
  if (!url || fetched?.url !== url) return { failed: false };
  return { ...(fetched.src ? { src: fetched.src } : {}), failed: fetched.failed };
}
