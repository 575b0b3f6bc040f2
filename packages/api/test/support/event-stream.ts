/** One server-sent event as a client reads it: its fields, `event` "message" unless named. */
export interface ServerSentEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * One block of a text/event-stream (the lines before a blank line), as EventSource reads it: the event when
 * it has data (null for a comment-only block such as a heartbeat), and the `retry:` advice when it gives one.
 * Shared with the bench's client (bench/lib/sse.ts).
 */
export function parseEventBlock(block: string): { event: ServerSentEvent | null; retry?: number; id?: string } {
  const event: ServerSentEvent = { event: "message", data: "" };
  let hasData = false;
  let retry: number | undefined;
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") {
      event.data = hasData ? `${event.data}\n${value}` : value;
      hasData = true;
    } else if (field === "event") event.event = value;
    else if (field === "id") event.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
  return { event: hasData ? event : null, ...(retry === undefined ? {} : { retry }), ...(event.id === undefined ? {} : { id: event.id }) };
}

/**
 * Reads a text/event-stream answer event by event, as EventSource would:
 * comment-only blocks (heartbeats) are skipped, `retry:` is kept apart. A
 * read that sees nothing within `timeoutMs` fails instead of hanging the test.
 */
export function eventStream(response: Response, timeoutMs = 15_000) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  const state = { retry: undefined as number | undefined };
  async function more(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms; buffered: ${JSON.stringify(buffer)}`)), timeoutMs);
    });
    try {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) return false;
      buffer += value;
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    state,
    /** The next event with data, or null once the stream has ended. */
    async next(): Promise<ServerSentEvent | null> {
      for (;;) {
        const cut = buffer.indexOf("\n\n");
        if (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const { event, retry } = parseEventBlock(block);
          if (retry !== undefined) state.retry = retry;
          if (event) return event;
          continue;
        }
        if (ended || !(await more())) {
          ended = true;
          return null;
        }
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
