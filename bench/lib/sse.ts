/**
 * A server-sent event client for the bench, light enough to hold thousands of
 * streams in one process: node:http with a socket of its own per stream, the
 * text/event-stream format parsed as EventSource parses it (comments skipped,
 * `retry:` kept, `id:` remembered and sent back as Last-Event-ID on reconnect).
 */
import { request } from "node:http";
import { parseEventBlock, type ServerSentEvent } from "../../packages/api/test/support/event-stream";

export type { ServerSentEvent };

export interface StreamOptions {
  headers?: Record<string, string>;
  /** Reconnects as EventSource does: after the stream ends or fails, waits the advised `retry` and opens it again with Last-Event-ID. */
  reconnect?: boolean;
  /** The answer was 200 and the first bytes (the `retry:` line) arrived. */
  onOpen?(stream: EventStream): void;
  onEvent?(event: ServerSentEvent, stream: EventStream): void;
  /** The stream ended or failed (and, without `reconnect`, stays closed). */
  onEnd?(stream: EventStream, error?: Error): void;
}

export class EventStream {
  lastEventId: string | undefined;
  retryMs = 3000;
  opens = 0;
  /** Between its answer's first bytes and its end. */
  open = false;
  private closed = false;
  private abort: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: URL,
    /** Its handlers may be replaced while it is open. */
    readonly options: StreamOptions,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.abort?.();
  }

  private retry(error?: Error): void {
    this.abort = undefined;
    this.open = false;
    this.options.onEnd?.(this, error);
    if (this.closed || !this.options.reconnect) return;
    this.timer = setTimeout(() => this.connect(), this.retryMs);
  }

  private connect(): void {
    let ended = false;
    const finish = (error?: Error) => {
      if (ended) return;
      ended = true;
      this.retry(error);
    };
    const headers: Record<string, string> = { accept: "text/event-stream", ...this.options.headers };
    if (this.lastEventId !== undefined) headers["last-event-id"] = this.lastEventId;
    const req = request({ host: this.url.hostname, port: this.url.port, path: this.url.pathname, agent: false, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        finish(new Error(`status ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      let opened = false;
      res.on("data", (chunk: string) => {
        if (!opened) {
          opened = true;
          this.open = true;
          this.opens++;
          this.options.onOpen?.(this);
        }
        buffer += chunk;
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          this.dispatch(block);
        }
      });
      res.on("end", () => finish());
      res.on("error", finish);
      res.on("close", () => finish());
    });
    req.on("error", finish);
    req.end();
    this.abort = () => req.destroy();
  }

  private dispatch(block: string): void {
    const { event, retry, id } = parseEventBlock(block);
    if (retry !== undefined) this.retryMs = retry;
    if (id !== undefined) this.lastEventId = id;
    if (event) this.options.onEvent?.(event, this);
  }
}
