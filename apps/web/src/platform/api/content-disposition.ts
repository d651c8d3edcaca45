// Pure, so that it can be tested without a browser.

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` (any language)
 * when present, else the plain `filename`.
 */
export function filenameFromDisposition(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      const charset = (star[1] || 'utf-8').toLowerCase();
      const bytes = percentBytes(star[2].trim());
      return new TextDecoder(charset === 'iso-8859-1' ? 'latin1' : 'utf-8').decode(bytes);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  const name = plain?.[2]?.replace(/\\(.)/g, '$1') ?? plain?.[1]?.trim();
  return name || fallback;
}

function percentBytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(text.charCodeAt(i) & 0xff);
    }
  }
  return new Uint8Array(out);
}
