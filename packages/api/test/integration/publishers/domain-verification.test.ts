/**
 * A publisher proves control of a domain (docs/plugins.md#verified-publishers):
 * the website's calls (/api/trpc, signed in) against a local web server
 * serving the well-known file and a local DNS server holding TXT records,
 * with the test-only DOMAIN_CHECK_ALLOW_LOCAL on; and, with it off (as in
 * production), addresses that are not public are never fetched.
 */
import { accounts, publisherVerificationEvents } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { type DnsServer, startDnsServer } from "../../support/dns-server";
import { insertAccount, insertPlugin } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";
import { startWellKnownServer, type WellKnownServer } from "../../support/well-known-server";

const clock = new TestClock();
let app: TestApp;
let strict: TestApp;
let dns: DnsServer;
let site: WellKnownServer;

beforeAll(async () => {
  [dns, site] = await Promise.all([startDnsServer(), startWellKnownServer()]);
  const shared = { DOMAIN_CHECK_DNS_SERVERS: dns.address, DOMAIN_CHECK_TIMEOUT_MS: "1000" };
  [app, strict] = await Promise.all([
    createTestApp({ now: clock.now, env: { ...shared, DOMAIN_CHECK_ALLOW_LOCAL: "on" } }),
    createTestApp({ now: clock.now, env: shared }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), strict?.close(), dns?.close(), site?.close()]);
});
beforeEach(() => clock.nextMinute());

let seq = 0;
/** A publisher with one plugin (so a handle), signed in on the website. */
async function publisher(on: TestApp = app) {
  seq += 1;
  const account = await insertAccount(on.deps.db, { name: `Domain Owner ${seq}`, plan: "pro" });
  await insertPlugin(on.deps.db, { slug: `domain-plugin-${seq}`, ownerId: account.id });
  return { id: account.id, slug: `domain-plugin-${seq}`, cookie: await sessionCookie(on, account.id) };
}

const call = {
  add: (on: TestApp, cookie: string, domain: string) => trpcMutate(on, "publishers.addDomain", { domain }, { cookie }).then(readTrpc),
  check: (on: TestApp, cookie: string, domain: string) => trpcMutate(on, "publishers.checkDomain", { domain }, { cookie }).then(readTrpc),
  remove: (on: TestApp, cookie: string, domain: string) => trpcMutate(on, "publishers.removeDomain", { domain }, { cookie }).then(readTrpc),
  settings: (on: TestApp, cookie: string) => trpcQuery(on, "publishers.settings", undefined, { cookie }).then(readTrpc),
};

/** A local "domain": the DNS server sends it to the test web server's loopback address, the port goes in the claim. */
function localDomain(name: string) {
  dns.zone.a[name] = ["127.0.0.1"];
  return `${name}:${site.port}`;
}

const verifiedFlag = async (accountId: string, on: TestApp = app) =>
  (await on.deps.db.select({ verified: accounts.verified }).from(accounts).where(eq(accounts.id, accountId)))[0]!.verified;

describe("verification by the well-known file", () => {
  it("verifies a domain whose file holds the value; listings and the publisher page follow", async () => {
    const owner = await publisher();
    const domain = localDomain("good.test");
    const added = await call.add(app, owner.cookie, domain);
    expect(added.status).toBe(200);
    expect(added.data.item).toMatchObject({
      domain,
      status: "pending",
      value: expect.stringMatching(/^streamkit-verify=[A-Za-z0-9_-]{32}$/),
      txtName: "_streamkit-verify.good.test",
      fileUrl: `https://${domain}/.well-known/streamkit-verify.txt`,
      verifiedAt: null,
    });
    expect((await app.json(`/plugins/${owner.slug}`)).body.item.publisher.verified).toBe(false);

    site.sites.set("good.test", { kind: "file", body: `# other tokens\n${added.data.item.value}\n` });
    const checked = await call.check(app, owner.cookie, domain);
    expect(checked.status).toBe(200);
    expect(checked.data.item).toMatchObject({ status: "verified", method: "file", problem: null, verifiedAt: clock.now().toISOString() });

    const listing = (await app.json(`/plugins/${owner.slug}`)).body.item;
    expect(listing.publisher.verified).toBe(true);
    const page = await app.json(`/publishers/${listing.publisher.handle}`);
    expect(page.body.publisher).toMatchObject({ verified: true, verification: { domains: [domain], byOperator: false } });
    const events = await app.deps.db.select().from(publisherVerificationEvents).where(eq(publisherVerificationEvents.accountId, owner.id));
    expect(events).toMatchObject([{ action: "domain_verified", domain, actorId: owner.id, via: "website" }]);
  });

  it.each([
    ["a wrong token", { kind: "file", body: "streamkit-verify=not-the-token\n" }, /File: \/\.well-known\/streamkit-verify\.txt does not contain the value\.$/],
    ["a missing file", { kind: "status", status: 404 }, /File: \/\.well-known\/streamkit-verify\.txt answered HTTP 404\.$/],
    ["an oversized file", { kind: "huge", bytes: 64 * 1024 }, /File: the file is larger than 4096 bytes\.$/],
    [
      "a redirect to another host",
      { kind: "redirect", location: "http://elsewhere.test/.well-known/streamkit-verify.txt" },
      /File: the file redirects to elsewhere\.test; redirects to another host are not followed\.$/,
    ],
    ["a server that never answers", { kind: "silent" }, /File: (no answer in time|fetching the file took longer than the check allows)\.$/],
  ] as const)("fails on %s, saying what was found, and verifies nothing", async (_case, behaviour, problem) => {
    const owner = await publisher();
    const name = `case-${seq}.test`;
    const domain = localDomain(name);
    await call.add(app, owner.cookie, domain);
    site.sites.set(name, behaviour);
    const started = Date.now();
    const checked = await call.check(app, owner.cookie, domain);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(checked.status).toBe(200);
    expect(checked.data.item).toMatchObject({ status: "failed", verifiedAt: null, method: null });
    expect(checked.data.item.problem).toMatch(/^DNS: no TXT record at _streamkit-verify\.case-\d+\.test\. /);
    expect(checked.data.item.problem).toMatch(problem);
    expect(await verifiedFlag(owner.id)).toBe(false);
  });

  it("revokes a verified domain whose check fails later, and a removed domain stops counting", async () => {
    const owner = await publisher();
    const domain = localDomain("later.test");
    const { data } = await call.add(app, owner.cookie, domain);
    site.sites.set("later.test", { kind: "file", body: data.item.value });
    expect((await call.check(app, owner.cookie, domain)).data.item.status).toBe("verified");
    site.sites.set("later.test", { kind: "status", status: 404 });
    const rechecked = await call.check(app, owner.cookie, domain);
    expect(rechecked.data.item).toMatchObject({ status: "failed", verifiedAt: null });
    expect(await verifiedFlag(owner.id)).toBe(false);

    site.sites.set("later.test", { kind: "file", body: data.item.value });
    expect((await call.check(app, owner.cookie, domain)).data.item.status).toBe("verified");
    expect((await call.remove(app, owner.cookie, domain)).status).toBe(200);
    expect(await verifiedFlag(owner.id)).toBe(false);
    expect((await call.settings(app, owner.cookie)).data.domains).toEqual([]);
    const actions = (await app.deps.db.select().from(publisherVerificationEvents).where(eq(publisherVerificationEvents.accountId, owner.id))).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual(["domain_removed", "domain_revoked", "domain_verified", "domain_verified"]);
  });

  it("verifies a domain for one publisher at a time: the second is 409 conflict", async () => {
    const [first, second] = [await publisher(), await publisher()];
    const domain = localDomain("shared.test");
    const one = await call.add(app, first.cookie, domain);
    const two = await call.add(app, second.cookie, domain);
    site.sites.set("shared.test", { kind: "file", body: `${one.data.item.value}\n${two.data.item.value}\n` });
    expect((await call.check(app, first.cookie, domain)).data.item.status).toBe("verified");
    const refused = await call.check(app, second.cookie, domain);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "conflict", message: expect.stringContaining("Another publisher has verified") });
    expect(await verifiedFlag(second.id)).toBe(false);
  });
});

describe("verification by a DNS TXT record", () => {
  it("verifies when a TXT record at _streamkit-verify.<domain> holds the value, split into strings as DNS may split it", async () => {
    const owner = await publisher();
    const { data } = await call.add(app, owner.cookie, "dns-verified.test");
    const value: string = data.item.value;
    dns.zone.txt["_streamkit-verify.dns-verified.test"] = [["v=spf1 -all"], [value.slice(0, 20), value.slice(20)]];
    const checked = await call.check(app, owner.cookie, "dns-verified.test");
    expect(checked.data.item).toMatchObject({ status: "verified", method: "dns", problem: null });
    expect(await verifiedFlag(owner.id)).toBe(true);
    expect(site.requests.some((r) => r.startsWith("dns-verified.test"))).toBe(false);
  });

  it("fails when the records hold other values, and then tries the file", async () => {
    const owner = await publisher();
    await call.add(app, owner.cookie, "dns-wrong.test");
    dns.zone.txt["_streamkit-verify.dns-wrong.test"] = [["streamkit-verify=someone-else"]];
    const checked = await call.check(app, owner.cookie, "dns-wrong.test");
    expect(checked.data.item.status).toBe("failed");
    expect(checked.data.item.problem).toBe(
      "DNS: the TXT record _streamkit-verify.dns-wrong.test does not hold the value. File: dns-wrong.test has no address.",
    );
  });
});

describe("the publisher's domains: input and limits", () => {
  it.each([
    ["https://example.com", "without https://"],
    ["example.com/path", "without https://"],
    ["10.0.0.1", "an IP address cannot be verified"],
    ["example.com:8443", "leave out the port"],
    ["localhost", "use a domain name"],
    ["exa mple.com", "use a domain name"],
  ])("refuses %s with 400 bad_request", async (domain, why) => {
    const owner = await publisher(strict);
    const refused = await call.add(strict, owner.cookie, domain);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "bad_request", message: expect.stringContaining(why) });
  });

  it("answers the same claim when a domain is added twice, and refuses a sixth domain with 403 limit_reached", async () => {
    const owner = await publisher();
    const first = await call.add(app, owner.cookie, "Example-One.test");
    expect(first.data.item.domain).toBe("example-one.test");
    expect((await call.add(app, owner.cookie, "example-one.test")).data.item.value).toBe(first.data.item.value);
    for (const n of [2, 3, 4, 5]) expect((await call.add(app, owner.cookie, `example-${n}.test`)).status).toBe(200);
    const sixth = await call.add(app, owner.cookie, "example-6.test");
    expect(sixth.status).toBe(403);
    expect(sixth.error).toMatchObject({ code: "limit_reached", details: { limit: 5 } });
  });

  it("checks only the caller's own domains (404) and at most 20 times an hour (429)", async () => {
    const [owner, other] = [await publisher(), await publisher()];
    await call.add(app, owner.cookie, "limited.test");
    expect((await call.check(app, other.cookie, "limited.test")).error).toMatchObject({ code: "not_found" });
    clock.advance(3_600_000);
    for (let i = 0; i < 20; i++) expect((await call.check(app, owner.cookie, "limited.test")).status).toBe(200);
    const refused = await call.check(app, owner.cookie, "limited.test");
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: "rate_limited" });
  });
});

describe("with DOMAIN_CHECK_ALLOW_LOCAL off (production)", () => {
  it.each([
    ["private.test", "10.0.0.7", "a private, link-local or reserved address"],
    ["metadata.test", "169.254.169.254", "a private, link-local or reserved address"],
    ["loop.test", "127.0.0.1", "a loopback address"],
  ])("never fetches %s, which resolves to %s", async (name, address, why) => {
    const owner = await publisher(strict);
    dns.zone.a[name] = [address];
    await call.add(strict, owner.cookie, name);
    const before = site.requests.length;
    const checked = await call.check(strict, owner.cookie, name);
    expect(checked.data.item).toMatchObject({ status: "failed" });
    expect(checked.data.item.problem).toContain(`File: ${name} resolves to ${why}, which is never fetched.`);
    expect(site.requests.length).toBe(before);
  });

  it("refuses a loopback name with a port, which only the test setting allows", async () => {
    const owner = await publisher(strict);
    const refused = await call.add(strict, owner.cookie, `localhost:${site.port}`);
    expect(refused.status).toBe(400);
  });
});
