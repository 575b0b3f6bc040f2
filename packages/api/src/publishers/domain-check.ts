/**
 * One domain check: is the publisher's token published as a DNS TXT record
 * at _streamkit-verify.<domain>, or as a line of
 * https://<domain>/.well-known/streamkit-verify.txt? Bounded in every way a
 * domain's owner controls: one deadline for the whole check, a file read of
 * at most domainCheckLimits.maxFileBytes, redirects followed only on the same
 * host, and connections only to public addresses — the one the name resolved
 * to and was checked, so a second lookup cannot swap it (DNS rebinding).
 */
import { Resolver } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { domainCheckLimits, VERIFY_FILE_PATH, VERIFY_TXT_LABEL } from "@streamkit/api-contract";
import type { Env } from "../shared/env";
import { type ClaimedDomain, refusedAddress } from "./domain-names";

export type CheckOutcome = { ok: true; method: "dns" | "file" } | { ok: false; problem: string };

export interface CheckSettings {
  allowLocal: boolean;
  timeoutMs: number;
  dnsServers?: string[];
}

export function checkSettingsOf(env: Env): CheckSettings {
  return {
    allowLocal: env.DOMAIN_CHECK_ALLOW_LOCAL === "on",
    timeoutMs: env.DOMAIN_CHECK_TIMEOUT_MS ?? domainCheckLimits.timeoutMs,
    dnsServers: env.DOMAIN_CHECK_DNS_SERVERS?.split(",").map((server) => server.trim()),
  };
}

class CheckFailed extends Error {}

/** Looks for `value` in DNS first, then in the well-known file; the problem names what each found. */
export async function checkDomain(claimed: ClaimedDomain, value: string, settings: CheckSettings): Promise<CheckOutcome> {
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const resolver = new Resolver({ timeout: Math.min(settings.timeoutMs, 2_000), tries: 2 });
  if (settings.dnsServers?.length) resolver.setServers(settings.dnsServers);
  let dnsProblem: string;
  try {
    if (await txtHasValue(resolver, claimed.host, value, deadline)) return { ok: true, method: "dns" };
    dnsProblem = `the TXT record ${VERIFY_TXT_LABEL}.${claimed.host} does not hold the value`;
  } catch (error) {
    dnsProblem = error instanceof CheckFailed ? error.message : "the DNS lookup failed";
  }
  let fileProblem: string;
  try {
    const body = await fetchWellKnown(claimed, resolver, settings, deadline);
    if (body.split(/\r?\n/).some((line) => line.trim() === value)) return { ok: true, method: "file" };
    fileProblem = `${VERIFY_FILE_PATH} does not contain the value`;
  } catch (error) {
    fileProblem = error instanceof CheckFailed ? error.message : deadline.aborted ? "no answer in time" : "the file could not be read";
  }
  return { ok: false, problem: `DNS: ${dnsProblem}. File: ${fileProblem}.` };
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const expired = () => reject(new CheckFailed(`${what} took longer than the check allows`));
    if (deadline.aborted) return expired();
    deadline.addEventListener("abort", expired, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", expired));
  });
}

/** A TXT record may come in several strings; they are one value joined (RFC 7208 §3.3 reads them so too). */
async function txtHasValue(resolver: Resolver, host: string, value: string, deadline: AbortSignal): Promise<boolean> {
  try {
    const records = await withDeadline(resolver.resolveTxt(`${VERIFY_TXT_LABEL}.${host}`), deadline, "the DNS lookup");
    return records.some((chunks) => chunks.join("").trim() === value);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENODATA" || code === "ENOTFOUND") throw new CheckFailed(`no TXT record at ${VERIFY_TXT_LABEL}.${host}`);
    throw error instanceof CheckFailed ? error : new CheckFailed(`the DNS lookup failed (${code ?? "no answer"})`);
  }
}

/** The public address to connect to: the name's first address, refused if any of its addresses is not public. */
async function addressOf(host: string, resolver: Resolver, settings: CheckSettings, deadline: AbortSignal): Promise<string> {
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else if (settings.allowLocal && host === "localhost") addresses = ["127.0.0.1"];
  else {
    const settle = (lookup: Promise<string[]>) => lookup.catch(() => [] as string[]);
    const [v4, v6] = await withDeadline(Promise.all([settle(resolver.resolve4(host)), settle(resolver.resolve6(host))]), deadline, "the address lookup");
    addresses = [...v4, ...v6];
  }
  if (addresses.length === 0) throw new CheckFailed(`${host} has no address`);
  for (const address of addresses) {
    const refused = refusedAddress(address, settings.allowLocal);
    if (refused) throw new CheckFailed(`${host} resolves to ${refused}, which is never fetched`);
  }
  return addresses[0]!;
}

async function fetchWellKnown(claimed: ClaimedDomain, resolver: Resolver, settings: CheckSettings, deadline: AbortSignal): Promise<string> {
  // Plain http only under the test setting, for a local test server.
  const scheme = settings.allowLocal && claimed.port !== null ? "http:" : "https:";
  const origin = `${scheme}//${claimed.port === null ? claimed.host : `${claimed.host.includes(":") ? `[${claimed.host}]` : claimed.host}:${claimed.port}`}`;
  let url = new URL(VERIFY_FILE_PATH, origin);
  const address = await addressOf(claimed.host, resolver, settings, deadline);
  for (let redirects = 0; ; redirects++) {
    const response = await get(url, address, deadline);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      const next = new URL(response.headers.location, url);
      if (next.origin !== url.origin) throw new CheckFailed(`the file redirects to ${next.host}; redirects to another host are not followed`);
      if (redirects >= domainCheckLimits.maxRedirects) throw new CheckFailed(`more than ${domainCheckLimits.maxRedirects} redirects`);
      url = next;
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new CheckFailed(`${url.pathname} answered HTTP ${status}`);
    }
    return readCapped(response, deadline);
  }
}

function get(url: URL, address: string, deadline: AbortSignal): Promise<IncomingMessage> {
  // Connect to the address checked above whatever a new lookup would say.
  const lookup: LookupFunction = (_host, options, callback) => {
    const family = isIP(address);
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return withDeadline(
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(url, {
        method: "GET",
        lookup,
        agent: false,
        signal: deadline,
        headers: { "user-agent": "streamkit-domain-check", accept: "text/plain" },
      });
      req.once("response", resolve);
      req.once("error", (error) =>
        reject(
          deadline.aborted
            ? new CheckFailed("no answer in time")
            : new CheckFailed(`could not connect (${(error as { code?: string }).code ?? error.message})`),
        ),
      );
      req.end();
    }),
    deadline,
    "fetching the file",
  );
}

function readCapped(response: IncomingMessage, deadline: AbortSignal): Promise<string> {
  const declared = Number(response.headers["content-length"]);
  if (declared > domainCheckLimits.maxFileBytes) {
    response.destroy();
    return Promise.reject(new CheckFailed(`the file is larger than ${domainCheckLimits.maxFileBytes} bytes`));
  }
  return withDeadline(
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > domainCheckLimits.maxFileBytes) {
          response.destroy();
          reject(new CheckFailed(`the file is larger than ${domainCheckLimits.maxFileBytes} bytes`));
        } else chunks.push(chunk);
      });
      response.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      response.once("error", () => reject(new CheckFailed(deadline.aborted ? "no answer in time" : "the file could not be read")));
    }),
    deadline,
    "reading the file",
  );
}
