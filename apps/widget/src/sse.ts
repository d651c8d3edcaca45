/**
 * An incremental parser of server-sent events (the part of the HTML standard's event-stream
 * format the widget needs): text arrives in pieces that may split a line, a field or an event
 * anywhere; lines end in `\n`, `\r\n` or `\r`; an empty line ends an event. Pure: no I/O.
 */

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
}

export class SseParser {
  /** Text after the last line end seen. */
  private rest = '';
  /** The last piece ended in `\r`: a `\n` first in the next piece belongs to that line end. */
  private afterCarriageReturn = false;
  private eventName = '';
  private dataLines: string[] = [];
  private hasData = false;

  /** Feeds one decoded piece of the stream; returns the events it completed, in order. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.afterCarriageReturn = false;
    const events: SseEvent[] = [];
    let buffer = this.rest + text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      this.line(buffer.slice(start, i), events);
      if (char === '\r') {
        if (i + 1 === buffer.length) this.afterCarriageReturn = true;
        else if (buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
    this.rest = buffer;
    return events;
  }

  /**
   * The stream has ended: reads what is left as a last line and returns the event it completes,
   * if any (lenient: a server may close without the last empty line).
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.rest !== '') this.line(this.rest, events);
    this.rest = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.hasData) events.push({ event: this.eventName || 'message', data: this.dataLines.join('\n') });
      this.eventName = '';
      this.dataLines = [];
      this.hasData = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') {
      this.dataLines.push(value);
      this.hasData = true;
    }
    // `id` and `retry` mean nothing to a single answer's stream.
  }
}
