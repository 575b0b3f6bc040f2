import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The desktop app's loopback listener (RFC 8252 §7.3): a real HTTP server on
 * 127.0.0.1 at a port the system picks, that takes the authorization answer
 * on /callback and sends the browser to the site's "close this tab" page,
 * as the app does.
 */
export interface LoopbackListener {
  redirectUri: string;
  /** The next answer's full address, once the browser brings it. */
  nextAnswer(): Promise<URL>;
  close(): Promise<void>;
}

export async function startLoopbackListener(site: string): Promise<LoopbackListener> {
  const waiting: ((url: URL) => void)[] = [];
  const arrived: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const error = url.searchParams.get("error");
    const done = new URL("/oauth/desktop/done", site);
    done.searchParams.set("status", error ? "error" : "success");
    if (error) done.searchParams.set("error", error);
    response.writeHead(302, { location: done.href }).end();
    const take = waiting.shift();
    if (take) take(url);
    else arrived.push(url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    nextAnswer: () => {
      const ready = arrived.shift();
      return ready ? Promise.resolve(ready) : new Promise<URL>((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
