/**
 * The `text/event-stream` format of the console's streamed answers (the bubble's and the website
 * widget's events), parsed in one place for the web app and the widget. Without zod, so that the
 * widget's bundle can import it alone (`@agent-console/contracts/event-stream`).
 */

/** One server-sent event: its name (`message` when the stream gave none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * The `text/event-stream` format, fed in arbitrary pieces as the network delivers them: an event
 * may arrive split anywhere, even inside a line ending or a multi-byte character (the caller's
 * TextDecoder keeps those whole). Lines end in LF, CRLF or CR; a blank line dispatches the event;
 * lines starting with ":" are comments; `data` lines are joined by LF.
 */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** The events completed by this piece of text. */
  push(text: string): StreamEvent[] {
    this.buffer += text;
    const out: StreamEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF: wait for the next piece.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  /** The last event of a stream that ended without its blank line. */
  end(): StreamEvent[] {
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    const out: StreamEvent[] = [];
    if (rest) {
      const event = this.line(rest);
      if (event) out.push(event);
    }
    const last = this.line('');
    if (last) out.push(last);
    return out;
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      if (!this.data.length) {
        this.event = '';
        return null;
      }
      const event = { event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}
