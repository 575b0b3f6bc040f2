import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * /robots.txt and /sitemap.xml on the production server (docs/website.md: Search
 * engines): answered by the REST core before Next, absolute URLs of the
 * address the site is served at, private paths kept out, and a plugin
 * published through the API in the sitemap on the next request.
 */

test("robots.txt keeps the private pages out and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=86400");
  const lines = (await response.text()).split("\n");
  expect(lines[0]).toBe("User-agent: *");
  for (const path of ["/account", "/dashboard", "/admin", "/purchases", "/inventory", "/oauth/", "/overlays", "/api/"])
    expect(lines, path).toContain(`Disallow: ${path}`);
  expect(lines).toContain("Allow: /overlays/catalog");
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap follows the catalogue: a newly published plugin is in it, private pages are not", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = await signUp(page, "Sitemap Sid");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const slug = `e2e-sitemap-${Date.now().toString(36)}`;

  const before = await request.get("/sitemap.xml");
  expect(before.status()).toBe(200);
  expect(before.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(before.headers()["cache-control"]).toBe("public, max-age=3600");
  expect(await before.text()).not.toContain(`/plugins/${slug}<`);

  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name: "Sitemap Plugin", version: "1.0.0", description: "Found.", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("Hello!")\n' },
  ];
  const published = await request.post("/api/v1/plugins", { headers: { authorization: `Bearer ${key}` }, data: { files, changelog: "First." } });
  expect(published.status()).toBe(201);

  const body = await (await request.get("/sitemap.xml")).text();
  const urls = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  expect(urls).toContain(`${baseURL}/plugins/${slug}`);
  for (const path of ["/", "/market", "/overlays/catalog", "/plans", "/rates", "/docs", "/plugins/chat-commands", "/market/follower-counter"]) {
    expect(urls, path).toContain(`${baseURL}${path}`);
  }
  expect(urls.filter((url) => /\/(account|dashboard|admin|purchases|inventory|oauth|api)(\/|$)/.test(url!))).toEqual([]);
  // Every URL it lists is a page that answers.
  for (const url of [`${baseURL}/plugins/${slug}`, `${baseURL}/market/follower-counter`, `${baseURL}/overlays/catalog`]) {
    expect((await request.get(url)).status(), url).toBe(200);
  }
});
