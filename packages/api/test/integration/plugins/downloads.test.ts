import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, pluginFolder, publishBody } from "../../support/packages";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
let author: { id: string; key: string };
let fan: { id: string; key: string };
let stranger: { id: string; key: string };

async function makeAccount(name: string, plan: "free" | "pro" | "ultimate" = "pro") {
  const account = await insertAccount(app.deps.db, { name, plan });
  return { id: account.id, key: (await insertKey(app.deps.db, account.id)).key };
}

const download = (key: string, slug: string) => app.json(`/plugins/${slug}/package`, { headers: bearer(key) });
const downloads = async (slug: string) => (await app.json(`/plugins/${slug}`, { headers: bearer(author.key) })).body.item.downloads;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await makeAccount("Author");
  fan = await makeAccount("Fan");
  stranger = await makeAccount("Stranger", "ultimate");
  const files = pluginFolder({
    id: "overlay-counter",
    version: "1.2.0",
    files: { "lib/util.lua": "return { add = function(a, b) return a + b end }\n", "README.md": "# Counter\n" },
  });
  const created = await app.json("/plugins", jsonPost({ files, changelog: "Counter." }, bearer(author.key)));
  expect(created.status).toBe(201);
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("GET /api/v1/plugins/:slug/package", () => {
  it("answers the latest version's files, plugin.json first, exactly as published", async () => {
    const { status, body } = await download(fan.key, "overlay-counter");
    expect(status).toBe(200);
    const { body: listing } = await app.json("/plugins/overlay-counter");
    expect(body).toEqual({
      listingId: listing.item.id,
      id: "overlay-counter",
      version: "1.2.0",
      publisher: { kind: "user", name: "Author", verified: false, handle: expect.stringMatching(/^author(-\d+)?$/) },
      files: [
        pluginFolder({ id: "overlay-counter", version: "1.2.0" })[0],
        { path: "README.md", content: "# Counter\n" },
        { path: "lib/util.lua", content: "return { add = function(a, b) return a + b end }\n" },
        pluginFolder({ id: "overlay-counter" })[1],
      ],
      publisherId: author.id,
      digestAlgorithm: "streamkit-plugin-package-v1+sha256",
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringContaining("trusted comment: plugin:overlay-counter\tversion:1.2.0\t"),
      keyId: expect.stringMatching(/^[0-9A-F]+$/),
    });
  });

  it("counts one download per account per day, however concurrent", async () => {
    clock.advance(24 * 60 * 60 * 1000);
    const before = await downloads("overlay-counter");
    const results = await Promise.all(Array.from({ length: 6 }, () => download(stranger.key, "overlay-counter")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await downloads("overlay-counter")).toBe(before + 1);
    clock.nextMinute();
    await download(fan.key, "overlay-counter");
    expect(await downloads("overlay-counter")).toBe(before + 2);
    await download(fan.key, "overlay-counter");
    expect(await downloads("overlay-counter")).toBe(before + 2);
    clock.advance(24 * 60 * 60 * 1000);
    await download(fan.key, "overlay-counter");
    expect(await downloads("overlay-counter")).toBe(before + 3);
  });

  it("answers 404 for an unknown plugin", async () => {
    const { status, body } = await download(fan.key, "no-such-plugin");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it("needs a purchase for a paid plugin: 403 purchase_required with the price and where to buy it", async () => {
    await insertPlugin(app.deps.db, { slug: "paid-plugin", ownerId: author.id, priceTier: "t3", name: "Paid Plugin" });
    const { status, body } = await download(fan.key, "paid-plugin");
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: "purchase_required",
        message: "“Paid Plugin” is a paid plugin: buy it on the website, then download it.",
        details: { price: { tier: "t3", INR: 199, USD: 3 }, buyUrl: "http://localhost:3000/plugins/paid-plugin/buy" },
      },
    });
    expect((await download(author.key, "paid-plugin")).status).toBe(200);
  });
});

describe("DELETE /api/v1/plugins/:slug", () => {
  it("takes the plugin out of the marketplace; holders still download it, others get 404", async () => {
    const published = await app.json("/plugins", jsonPost(publishBody({ id: "going-away" }), bearer(author.key)));
    expect(published.status).toBe(201);
    expect((await download(fan.key, "going-away")).status).toBe(200);

    clock.nextMinute();
    const deleted = await app.request("/plugins/going-away", { method: "DELETE", headers: bearer(author.key) });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");

    expect((await app.json("/plugins?q=going-away")).body.items).toEqual([]);
    expect((await app.json("/plugins/going-away")).status).toBe(404);
    expect((await app.json("/plugins/going-away", { headers: bearer(stranger.key) })).status).toBe(404);
    expect((await download(stranger.key, "going-away")).status).toBe(404);
    expect((await download(fan.key, "going-away")).status).toBe(200);

    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(mine.status).toBe(200);
    expect(mine.body.staff).toBe(false);
    expect(mine.body.items.find((i: { slug: string }) => i.slug === "going-away")).toMatchObject({ status: "removed", mine: true });
    const own = await app.json("/plugins/going-away", { headers: bearer(author.key) });
    expect(own.body.item.status).toBe("removed");
    expect((await download(author.key, "going-away")).status).toBe(200);

    clock.nextMinute();
    expect((await app.request("/plugins/going-away", { method: "DELETE", headers: bearer(author.key) })).status).toBe(204);
    expect((await app.request("/plugins/going-away", { method: "DELETE", headers: bearer(stranger.key) })).status).toBe(404);
  });

  it("lists a removed plugin again when its author publishes a new version", async () => {
    expect((await app.json("/plugins", jsonPost(publishBody({ id: "comeback" }), bearer(author.key)))).status).toBe(201);
    expect((await app.request("/plugins/comeback", { method: "DELETE", headers: bearer(author.key) })).status).toBe(204);
    clock.nextMinute();
    const again = await app.json("/plugins", jsonPost(publishBody({ id: "comeback", version: "1.0.1" }), bearer(author.key)));
    expect(again.status).toBe(201);
    expect(again.body.item.status).toBe("published");
    expect((await app.json("/plugins/comeback")).status).toBe(200);
  });
});

describe("GET /api/v1/plugins/mine", () => {
  it("lists only the caller's plugins with mine and owned set, and the staff flag", async () => {
    const staff = await insertAccount(app.deps.db, { staff: true, plan: "pro" });
    const staffKey = (await insertKey(app.deps.db, staff.id)).key;
    const theirs = await app.json("/plugins/mine", { headers: bearer(staffKey) });
    expect(theirs.body).toEqual({ items: [], staff: true });
    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(mine.body.items.length).toBeGreaterThanOrEqual(3);
    expect(mine.body.items.every((i: { mine: boolean; owned: boolean }) => i.mine && i.owned)).toBe(true);
    const browsing = await app.json("/plugins?q=overlay-counter", { headers: bearer(fan.key) });
    expect(browsing.body.items[0]).toMatchObject({ mine: false, owned: true });
  });
});
