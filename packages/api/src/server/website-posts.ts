/**
 * The website's guard in front of Next.js (apps/web/server.ts), for what Next
 * either believes too readily or answers with a bare 500:
 * - forwarded headers (X-Forwarded-Host, -Proto, -Port, -For) are dropped
 *   unless the socket peer is one of TRUSTED_PROXIES, as the API's client
 *   address rule does: Next's own server-action check compares the Origin with
 *   X-Forwarded-Host, so a client-sent one would let any Origin through;
 * - a state-changing request (any method but GET, HEAD, OPTIONS: server
 *   actions, form posts to pages, the OAuth consent) must come from this site:
 *   its Origin — or, without one, its Referer — names this site, by the same
 *   rule as /api/trpc's writes; otherwise a designed 403 page;
 * - its body is read within Next's own server-action limit (413 past it) and
 *   must be what it claims: readable multipart form data naming at most one
 *   action, and a script's action call (Next-Action header) carrying its
 *   arguments as a JSON array, neither giving the action fewer arguments than
 *   it declares; otherwise a designed 400 page. The body read is handed on to
 *   Next unchanged. (Arguments of the wrong type are each action's to refuse:
 *   apps/web/lib/server/action-input.ts.)
 * /api/* never comes here (the REST core answers it with its own rules).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { IncomingMessage as NodeIncomingMessage } from "node:http";
import { compileTrust } from "../shared/client-address";
import type { Env } from "../shared/env";
import type { Serve } from "./http-server";
import { writePlainPage } from "./plain-page";
import { sameOrigin } from "../rest/trpc-route";

export const websiteFormLimits = {
  /** The largest body of a website form post or server action: Next's own server-action limit (serverActions.bodySizeLimit's default, 1 MiB). */
  maxBodyBytes: 1024 * 1024,
} as const;

/** The forwarded headers Next reads; only a trusted proxy's are believed. */
const FORWARDED_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-for"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function guardWebsitePosts(runtime: { deps: { env: Pick<Env, "PUBLIC_URL" | "TRUSTED_PROXIES"> } }, serve: Serve): Serve {
  const { env } = runtime.deps;
  const trust = compileTrust(env.TRUSTED_PROXIES);
  const publicUrl = new URL(env.PUBLIC_URL);
  return async (req, res) => {
    const peer = req.socket.remoteAddress;
    if (!peer || !trust(peer, 0)) stripForwardedHeaders(req);
    if (SAFE_METHODS.has(req.method ?? "GET")) return serve(req, res);

    const origin = claimedOrigin(req);
    const host = firstValue(req.headers["x-forwarded-host"]) ?? req.headers.host ?? "localhost";
    const proto = firstValue(req.headers["x-forwarded-proto"]) === "https" ? "https" : "http";
    let requestUrl: URL;
    try {
      requestUrl = new URL(`${proto}://${host}/`);
    } catch {
      requestUrl = publicUrl;
    }
    if (origin === null || !sameOrigin({ header: () => origin, url: requestUrl }, env.PUBLIC_URL)) {
      return writePlainPage(req, res, {
        status: 403,
        title: "This form was sent from another site",
        paragraphs: [
          "Forms on Streamkit are only accepted from Streamkit’s own pages, so that another site cannot act in your name. Nothing was changed.",
          'If you sent it yourself, <a href="/">go back to Streamkit</a>, reload the page and send the form again.',
        ],
      });
    }
    // Next checks the Origin against X-Forwarded-Host or Host only: an Origin that is the public address (PUBLIC_URL)
    // reached through an address of its own (a proxy not in TRUSTED_PROXIES) is this site too.
    const originHost = new URL(origin).host;
    if (originHost !== host) req.headers["x-forwarded-host"] = originHost;

    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > websiteFormLimits.maxBodyBytes) return refuseTooLarge(req, res);
    const hasBody = req.headers["transfer-encoding"] !== undefined || declared > 0;
    const body = hasBody ? await readWithin(req, websiteFormLimits.maxBodyBytes) : Buffer.alloc(0);
    // The client went away mid-body: nobody is left to answer (the HTTP server logs it).
    if (body === "gone") return;
    if (body === "too large") return refuseTooLarge(req, res);
    const problem = await bodyProblem(req, body);
    if (problem) {
      return writePlainPage(req, res, {
        status: 400,
        title: "This form could not be read",
        paragraphs: [problem, 'Reload the page and send the form again, or <a href="/">go back to Streamkit</a>.'],
      });
    }
    return serve(hasBody ? withBody(req, body) : req, res);
  };
}

function stripForwardedHeaders(req: IncomingMessage): void {
  for (const name of FORWARDED_HEADERS) delete req.headers[name];
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (!FORWARDED_HEADERS.includes(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  req.rawHeaders = raw;
}

/** The first of a comma-separated list (the proxy nearest the client names what the client asked for), as Next and Express read it. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/** The origin the request says it comes from: its Origin header, or without one its Referer's origin; null when neither says. */
function claimedOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin;
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** Why the body is not what the request says it is, in the visitor's words; undefined when it is. */
async function bodyProblem(req: IncomingMessage, body: Buffer): Promise<string | undefined> {
  const contentType = req.headers["content-type"] ?? "";
  const scriptCall = req.headers["next-action"] !== undefined;
  if (/^multipart\/form-data\b/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Request("http://website.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
    } catch {
      return "The form’s data is not complete, well-formed multipart form data.";
    }
    // React decodes every action a form post names and runs the last: a post naming two (the fields of two forms together)
    // would run one form's action and hand its result to the other form.
    const actions = [...form.keys()].filter((name) => name.startsWith("$ACTION_REF_") || name.startsWith("$ACTION_ID_"));
    if (actions.length > 1) return "The form’s data names more than one action: send one form at a time.";
    // An action with bound arguments (a form with state) is described as React's pages describe it: {id, bound} and the bound arguments' array.
    const bound = actions[0]?.startsWith("$ACTION_REF_") ? `$ACTION_${actions[0].slice("$ACTION_REF_".length)}:` : undefined;
    const description = bound === undefined ? undefined : parseJson(form.get(`${bound}0`));
    const boundArguments = bound === undefined ? undefined : parseJson(form.get(`${bound}1`));
    if (bound !== undefined && !(isBoundAction(description) && Array.isArray(boundArguments)))
      return "The form’s action is not described as this site’s pages describe it.";
    // React sends an action's arguments as one JSON array (the rest of the form, if any, in parts it references).
    if (scriptCall) {
      const args = parseJson(form.get("0"));
      if (!Array.isArray(args)) return "The action’s arguments are missing or not readable.";
      return tooFewArguments(String(req.headers["next-action"]), args.length);
    }
    // A form post calls its action with the bound arguments, then the form.
    if (actions[0]?.startsWith("$ACTION_ID_")) return tooFewArguments(actions[0].slice("$ACTION_ID_".length), 1);
    if (bound !== undefined) return tooFewArguments((description as { id: string }).id, (boundArguments as unknown[]).length + 1);
    return undefined;
  }
  if (scriptCall) {
    const args = parseJson(body.toString("utf8"));
    if (!Array.isArray(args)) return "The action’s arguments are not readable.";
    return tooFewArguments(String(req.headers["next-action"]), args.length);
  }
  return undefined;
}

/**
 * A call that gives a server action fewer arguments than it declares: a form
 * posted to an action that also takes the form's previous state, or a script
 * leaving arguments out. The action would read its form from nothing.
 */
function tooFewArguments(actionId: string, given: number): string | undefined {
  const declared = declaredArguments(actionId);
  return declared !== undefined && given < declared ? "The form does not give its action everything it needs." : undefined;
}

/**
 * How many parameters a server action declares, read from its id as Next's
 * client reads it (the first byte: a "use cache" bit, one bit per parameter
 * for the first six, a rest-parameters bit); undefined when the id does not
 * say (not Next's 42-digit form, a "use cache" function, rest parameters).
 * Next itself answers an id it does not know (400 or 409).
 */
function declaredArguments(actionId: string): number | undefined {
  if (!/^[0-9a-f]{42}$/.test(actionId)) return undefined;
  const info = Number.parseInt(actionId.slice(0, 2), 16);
  if (info & 0x80 || info & 0x01) return undefined;
  let declared = 0;
  for (let index = 0; index < 6; index++) if ((info >> (6 - index)) & 1) declared = index + 1;
  return declared;
}

function isBoundAction(meta: unknown): boolean {
  return (
    typeof meta === "object" && meta !== null && typeof (meta as { id?: unknown }).id === "string" && typeof (meta as { bound?: unknown }).bound === "string"
  );
}

/** The JSON a form field holds, or undefined when it holds none. */
function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The whole body, or "too large" as soon as it passes the limit, or "gone" when the client leaves first. */
function readWithin(req: IncomingMessage, limit: number): Promise<Buffer | "too large" | "gone"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Buffer | "too large" | "gone") => {
      req.off("data", onData).off("end", onEnd).off("close", onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) finish("too large");
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onClose = () => finish("gone");
    req.on("data", onData).on("end", onEnd).on("close", onClose);
  });
}

/**
 * The request again with its body already read, for Next to read as it would
 * the original: same socket, headers and address. It never reads from the
 * socket, and ending or dropping it leaves the connection alone.
 */
class ReadRequest extends NodeIncomingMessage {
  override _read(): void {}
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    callback(error);
  }
}

function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new ReadRequest(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.complete = true;
  if (body.byteLength > 0) copy.push(body);
  copy.push(null);
  return copy;
}

function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  writePlainPage(req, res, {
    status: 413,
    title: "This form is too large",
    paragraphs: [
      `A form sent to Streamkit may hold at most ${websiteFormLimits.maxBodyBytes / 1024 / 1024} MiB. Shorten what you entered and send it again.`,
      '<a href="/">Go back to Streamkit</a>',
    ],
  });
}
