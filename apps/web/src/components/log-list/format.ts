// Log screens show times to the second.
export { formatTimestamp as formatTime } from '../crud/format';

/** JSON text pretty-printed when it parses; capped text (ending in …) is shown as it is. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
