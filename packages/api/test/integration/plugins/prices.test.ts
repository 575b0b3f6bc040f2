import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reviewPriceRequest } from "../../../src/plugins/prices";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
let author: { id: string; key: string };
let other: { id: string; key: string };

const put = (key: string, slug: string, body: unknown) =>
  app.json(`/plugins/${slug}/price`, { method: "PUT", headers: { ...bearer(key), "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const a = await insertAccount(app.deps.db, { name: "Author" });
  const o = await insertAccount(app.deps.db, { name: "Other" });
  author = { id: a.id, key: (await insertKey(app.deps.db, a.id)).key };
  other = { id: o.id, key: (await insertKey(app.deps.db, o.id)).key };
  await insertPlugin(app.deps.db, { slug: "priced", ownerId: a.id, priceTier: "t1" });
  await insertPlugin(app.deps.db, { slug: "free-one", ownerId: a.id });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("PUT /api/v1/plugins/:slug/price", () => {
  it("turns a tier into a pending request while the old price stays", async () => {
    const { status, body } = await put(author.key, "priced", { tier: "t3" });
    expect(status).toBe(200);
    expect(body).toEqual({
      price: { tier: "t1", INR: 49, USD: 1 },
      priceRequest: { tier: "t3", status: "pending", note: null, requestedAt: clock.now().toISOString() },
    });
    const mine = await app.json("/plugins/priced", { headers: bearer(author.key) });
    expect(mine.body.item.price).toEqual({ tier: "t1", INR: 49, USD: 1 });
    expect(mine.body.item.priceRequest).toEqual(body.priceRequest);
  });

  it("shows priceRequest to the author only", async () => {
    for (const headers of [{}, bearer(other.key)]) {
      const detail = await app.json("/plugins/priced", { headers });
      expect(detail.body.item).not.toHaveProperty("priceRequest");
      const list = await app.json("/plugins?q=priced", { headers });
      expect(list.body.items[0]).not.toHaveProperty("priceRequest");
    }
    const list = await app.json("/plugins?q=priced", { headers: bearer(author.key) });
    expect(list.body.items[0].priceRequest).toMatchObject({ tier: "t3", status: "pending" });
  });

  it("makes a plugin free at once with null, withdrawing the pending request", async () => {
    await put(author.key, "free-one", { tier: "t2" });
    clock.nextMinute();
    const { status, body } = await put(author.key, "priced", { tier: null });
    expect(status).toBe(200);
    expect(body).toEqual({ price: null });
    const detail = await app.json("/plugins/priced", { headers: bearer(author.key) });
    expect(detail.body.item.price).toBeNull();
    expect(detail.body.item.owned).toBe(true);
    expect(detail.body.item).not.toHaveProperty("priceRequest");
  });

  it("answers 403 forbidden to anyone but the author, 404 for an unknown plugin", async () => {
    const { status, body } = await put(other.key, "free-one", { tier: "t1" });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: "Only the plugin's author can set its price." } });
    expect((await put(author.key, "nope-plugin", { tier: "t1" })).status).toBe(404);
  });

  it.each([[{ tier: "t9" }], [{ tier: 3 }], [{}], [{ tier: "t1", extra: true }], [{ tier: "free" }]])("answers 400 validation_error to %j", async (body) => {
    const { status, body: answer } = await put(author.key, "free-one", body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe("validation_error");
  });

  it("applies the operator's approval, and shows a rejection with its note while keeping the price", async () => {
    await insertPlugin(app.deps.db, { slug: "reviewed", ownerId: author.id, priceTier: "t2" });
    await put(author.key, "reviewed", { tier: "t5" });
    const rejected = await reviewPriceRequest(app.deps, { slug: "reviewed", decision: "reject", note: "Too steep for a timer." });
    expect(rejected).toMatchObject({ status: "rejected", note: "Too steep for a timer.", price: { tier: "t2" } });
    const afterReject = await app.json("/plugins/reviewed", { headers: bearer(author.key) });
    expect(afterReject.body.item.price.tier).toBe("t2");
    expect(afterReject.body.item.priceRequest).toMatchObject({ tier: "t5", status: "rejected", note: "Too steep for a timer." });

    clock.nextMinute();
    const again = await put(author.key, "reviewed", { tier: "t4" });
    expect(again.body.priceRequest).toMatchObject({ tier: "t4", status: "pending", note: null });
    const approved = await reviewPriceRequest(app.deps, { slug: "reviewed", decision: "approve" });
    expect(approved).toMatchObject({ status: "approved", price: { tier: "t4", INR: 399, USD: 5 } });
    const afterApprove = await app.json("/plugins/reviewed", { headers: bearer(author.key) });
    expect(afterApprove.body.item.price).toEqual({ tier: "t4", INR: 399, USD: 5 });
    expect(afterApprove.body.item).not.toHaveProperty("priceRequest");
    await expect(reviewPriceRequest(app.deps, { slug: "reviewed", decision: "approve" })).rejects.toMatchObject({ code: "not_found" });
  });
});
