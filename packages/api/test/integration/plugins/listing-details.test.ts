/**
 * PUT /api/v1/plugins/{slug}/listing (docs/plugins.md#categories-and-tags):
 * the author sets category and tags; they are normalised, bounded and
 * validated with 400s naming each problem; anyone else's plugin is 404; a
 * publish keeps them; anonymous browsing sees the change at once.
 */
import { tagLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";

let app: TestApp;
const clock = new TestClock();
let author: string;
let other: string;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const db = app.deps.db;
  const alice = await insertAccount(db, { name: "Alice Lists", plan: "pro" });
  const bob = await insertAccount(db, { name: "Bob Lists" });
  author = (await insertKey(db, alice.id)).key;
  other = (await insertKey(db, bob.id)).key;
  await insertPlugin(db, { slug: "bob-plugin", ownerId: bob.id });
  const published = await app.json("/plugins", jsonPost(publishBody({ id: "alice-timer", name: "Alice Timer" }), bearer(author)));
  expect(published.status).toBe(201);
});
afterAll(() => app.close());
// Keyed requests count 10 a minute per account: each test starts a fresh window.
beforeEach(() => clock.nextMinute());

const put = (key: string, slug: string, body: unknown) =>
  app.json(`/plugins/${slug}/listing`, { method: "PUT", headers: { "content-type": "application/json", ...bearer(key) }, body: JSON.stringify(body) });

describe("PUT /plugins/{slug}/listing", () => {
  it("sets the category and normalised tags (trimmed, lower case, hyphens, each once), shown everywhere the listing is", async () => {
    const { status, body } = await put(author, "alice-timer", { category: "utilities", tags: ["  Stream Timer ", "OBS", "obs", "count_down"] });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ slug: "alice-timer", category: "utilities", tags: ["stream-timer", "obs", "count-down"], mine: true });
    expect(body.item.versions).toHaveLength(1);
    expect((await app.json("/plugins/alice-timer")).body.item).toMatchObject({ category: "utilities", tags: ["stream-timer", "obs", "count-down"] });
    const browsed = (await app.json("/plugins?category=utilities")).body;
    expect(browsed.items.map((i: { slug: string }) => i.slug)).toEqual(["alice-timer"]);
    expect((await app.json("/plugins?tag=Stream%20Timer")).body.items.map((i: { slug: string }) => i.slug)).toEqual(["alice-timer"]);
  });

  it("replaces both: null and [] clear them; anonymous answers change at once (the marketplace version moves)", async () => {
    await put(author, "alice-timer", { category: "chat", tags: ["first"] });
    const before = await app.json("/plugins?category=chat");
    expect(before.body.items).toHaveLength(1);
    const { status, body } = await put(author, "alice-timer", { category: null, tags: [] });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ category: null, tags: [] });
    const after = await app.json("/plugins?category=chat");
    expect(after.body.items).toHaveLength(0);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("keeps category and tags across a publish (they are not in plugin.json)", async () => {
    await put(author, "alice-timer", { category: "utilities", tags: ["timer"] });
    const published = await app.json("/plugins", jsonPost(publishBody({ id: "alice-timer", name: "Alice Timer", version: "1.1.0" }), bearer(author)));
    expect(published.status).toBe(201);
    expect(published.body.item).toMatchObject({ version: "1.1.0", category: "utilities", tags: ["timer"] });
  });

  it.each([
    ["an unknown category", { category: "cooking", tags: [] }, "category"],
    ["a missing category", { tags: [] }, "category"],
    ["missing tags", { category: "chat" }, "tags"],
    ["tags not a list", { category: "chat", tags: "obs" }, "tags"],
    [`more than ${tagLimits.maxTags} tags`, { category: "chat", tags: Array.from({ length: tagLimits.maxTags + 1 }, (_, i) => `tag-${i}`) }, "tags"],
    ["a tag too short", { category: "chat", tags: ["ok", "a"] }, "tags[1]"],
    ["a tag too long", { category: "chat", tags: ["x".repeat(tagLimits.maxLength + 1)] }, "tags[0]"],
    ["a tag with other characters", { category: "chat", tags: ["c++"] }, "tags[0]"],
    ["a tag of hyphens only", { category: "chat", tags: ["--"] }, "tags[0]"],
    ["a tag not a string", { category: "chat", tags: [5] }, "tags[0]"],
    ["an unknown property", { category: "chat", tags: [], icon: "x.png" }, "(root)"],
  ])("answers 400 validation_error to %s, naming it", async (_case, body, path) => {
    const { status, body: answer } = await put(author, "alice-timer", body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe("validation_error");
    expect(answer.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("says what a tag must be", async () => {
    const { body } = await put(author, "alice-timer", { category: "chat", tags: ["c++", "a"] });
    const messages = body.error.details.map((d: { message: string }) => d.message).join(" ");
    expect(messages).toContain("letters and digits");
    expect(messages).toContain(`at least ${tagLimits.minLength} characters`);
  });

  it("answers 404 for another author's plugin and an unknown one, changing nothing", async () => {
    const others = await put(author, "bob-plugin", { category: "chat", tags: ["mine"] });
    expect(others.status).toBe(404);
    expect(others.body.error.code).toBe("not_found");
    expect((await put(author, "no-such-plugin", { category: "chat", tags: [] })).status).toBe(404);
    expect((await app.json("/plugins/bob-plugin")).body.item).toMatchObject({ category: null, tags: [] });
    // Bob may set his own.
    expect((await put(other, "bob-plugin", { category: "games", tags: ["bob"] })).status).toBe(200);
  });
});
