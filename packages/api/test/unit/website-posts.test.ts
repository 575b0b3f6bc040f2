/**
 * The website's guard in front of Next (src/website-posts.ts) inside the one
 * HTTP server, with a stand-in for Next that records what it is handed: the
 * body it reads is the request's, byte for byte; forwarded headers reach it
 * only from a trusted proxy; a client that leaves mid-body reaches nothing
 * and is logged as leaving, not as an error. apps/web/e2e/website-posts.spec.ts
 * checks the answers against the real website.
 */
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { Env } from "../../src/shared/env";
import { createHttpServer } from "../../src/server/http-server";
import { createLogger } from "../../src/shared/logger";
import type { RestCore } from "../../src/rest/handler";
import { guardWebsitePosts, websiteFormLimits } from "../../src/server/website-posts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

const servers: ReturnType<typeof createHttpServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server whose website is a stand-in that reads the body and answers 200; the log lines as parsed objects. */
async function start(trustedProxies?: string) {
  const seen: Seen[] = [];
  const lines: Record<string, unknown>[] = [];
  let onLine: (() => void) | undefined;
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        onLine?.();
        done();
      },
    }),
  );
  const env = { PUBLIC_URL: "https://shop.example", TRUSTED_PROXIES: trustedProxies } as Env;
  const rest = Object.assign(async () => ({ status: 404, headers: {}, body: null }), { prefixes: ["/api"] }) as unknown as RestCore;
  const website = guardWebsitePosts({ deps: { env } }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ method: req.method!, url: req.url!, headers: { ...req.headers }, body: Buffer.concat(chunks) });
    res.end("ok");
  });
  const server = createHttpServer({ rest, deps: { env, log } }, { fallback: website });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Resolves once a log line with this message has been written. */
  const logged = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      onLine = () => {
        const line = lines.find((entry) => entry.msg === msg);
        if (line) resolve(line);
      };
      onLine();
    });
  return { base, seen, lines, logged };
}

describe("the body a form post hands on", () => {
  it("is the request's, byte for byte, near the limit and binary, with method, address and headers", async () => {
    const { base, seen } = await start();
    const bytes = Buffer.alloc(websiteFormLimits.maxBodyBytes - 400);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 256;
    const form = new FormData();
    form.append("$ACTION_ID_abc", "");
    form.append("file", new Blob([bytes]), "bytes.bin");
    form.append("name", "Ünïcødé ✓");
    const request = new Request(`${base}/plugins/x?y=1`, { method: "POST", headers: { origin: "https://shop.example" }, body: form });
    const sent = Buffer.from(await request.clone().arrayBuffer());
    expect(sent.length).toBeLessThanOrEqual(websiteFormLimits.maxBodyBytes);
    const response = await fetch(request);
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.url).toBe("/plugins/x?y=1");
    expect(seen[0]!.headers["content-type"]).toBe(request.headers.get("content-type"));
    expect(seen[0]!.body.equals(sent)).toBe(true);
  });

  it("is empty and the request unchanged when there is none", async () => {
    const { base, seen } = await start();
    const response = await fetch(`${base}/`, { method: "POST", headers: { origin: "https://shop.example" } });
    expect(response.status).toBe(200);
    expect(seen[0]!.body.length).toBe(0);
  });
});

describe("forwarded headers", () => {
  const forwarded = { "x-forwarded-host": "shop.example", "x-forwarded-proto": "https", "x-forwarded-port": "443", "x-forwarded-for": "203.0.113.9" };

  it("never reach the website from a peer that is not a trusted proxy, on reads and writes alike", async () => {
    const { base, seen } = await start();
    expect((await fetch(`${base}/`, { headers: forwarded })).status).toBe(200);
    // The same post is this site's only through the forwarded host it may not believe.
    const post = await fetch(`${base}/`, { method: "POST", headers: { ...forwarded, origin: `http://shop.example` } });
    expect(post.status).toBe(403);
    expect(seen).toHaveLength(1);
    for (const name of Object.keys(forwarded)) expect(seen[0]!.headers[name], name).toBeUndefined();
  });

  it("reach it from a trusted proxy, and decide which address the request was sent to", async () => {
    const { base, seen } = await start("loopback");
    const response = await fetch(`${base}/`, {
      method: "POST",
      headers: { ...forwarded, "x-forwarded-host": "proxied.example", origin: "https://proxied.example" },
    });
    expect(response.status).toBe(200);
    expect(seen[0]!.headers).toMatchObject({ ...forwarded, "x-forwarded-host": "proxied.example" });
  });

  it("an Origin that is PUBLIC_URL's, reached by another address, is this site, and Next is told so", async () => {
    const { base, seen } = await start();
    const response = await fetch(`${base}/`, { method: "POST", headers: { origin: "https://shop.example" } });
    expect(response.status).toBe(200);
    // Next compares the Origin's host with X-Forwarded-Host (else Host): the public one, or it would refuse the action.
    expect(seen[0]!.headers["x-forwarded-host"]).toBe("shop.example");
  });
});

describe("a client that leaves mid-body", () => {
  it("reaches nothing, and is logged as leaving, not as an error", async () => {
    const { base, seen, lines, logged } = await start();
    const { port } = new URL(base);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((done) => socket.once("connect", done));
    socket.write(
      "POST /sign-in HTTP/1.1\r\nHost: shop.example\r\nOrigin: https://shop.example\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n\r\n--x\r\n",
    );
    const left = logged("client went away before the request was complete");
    socket.destroy();
    expect(await left).toMatchObject({ level: 30, method: "POST", path: "/sign-in" });
    expect(seen).toHaveLength(0);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
