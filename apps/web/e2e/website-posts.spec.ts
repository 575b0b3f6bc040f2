import { request as httpRequest } from "node:http";
import { type APIRequestContext, type APIResponse, expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { startOwnServer } from "./support/own-server";

/**
 * Posts to the website's pages and server actions over HTTP, as a script or
 * another site would send them (server.ts's guard, packages/api's
 * website-posts.ts): bodies that are not what they claim get a designed 4xx
 * page with a request id, never Next's bare 500; a state-changing post is
 * refused with 403 unless its Origin (or, without one, its Referer) is this
 * site; forwarded headers are believed only from TRUSTED_PROXIES.
 */

/** A designed refusal: the status, a small HTML page saying why, a request id; never Next's error. */
async function expectRefusal(response: APIResponse, status: number, says: RegExp) {
  const body = await response.text();
  expect(response.status(), body.slice(0, 300)).toBe(status);
  expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(body).toMatch(says);
  expect(body).not.toMatch(/Internal Server Error/);
}

/** The footer's region picker: an anonymous server action (it sets the country cookie), on every page. */
async function regionAction(request: APIRequestContext, site = ""): Promise<string> {
  const html = await (await request.get(`${site}/sign-in`)).text();
  return /<form[^>]*class="region-form"[^>]*><input type="hidden" name="\$ACTION_ID_([0-9a-f]+)"/.exec(html)![1]!;
}

function regionForm(actionId: string): FormData {
  const form = new FormData();
  form.append(`$ACTION_ID_${actionId}`, "");
  form.append("country", "IN");
  return form;
}

const sameSite = (baseURL: string | undefined) => ({ origin: new URL(baseURL!).origin });

/** Signed in, on the consent page of a valid authorization request for the desktop app (loopback redirect). */
async function openConsent(page: Page, name: string): Promise<string> {
  await signUp(page, name);
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "streamkit-desktop",
    redirect_uri: "http://127.0.0.1:45678/callback",
    scope: "plugins:read",
    state: "s".repeat(20),
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  });
  const url = `/oauth/authorize?${query}`;
  await page.goto(url);
  await expect(page.getByRole("button", { name: "Allow Streamkit desktop" })).toBeVisible();
  return url;
}

/** The fields of the page's forms (all of them, or the one holding `button`), as the browser would send them, Allow pressed. */
async function formFields(page: Page, only?: string): Promise<[string, string][]> {
  return page.evaluate((only) => {
    const forms = Array.from(document.querySelectorAll("form")).filter((form) => !only || form.querySelector(`button[value="${only}"]`));
    return forms.flatMap((form) => {
      const allow = form.querySelector<HTMLButtonElement>('button[value="allow"]');
      return Array.from(new FormData(form, allow ?? undefined)).map(([name, value]) => [name, String(value)] as [string, string]);
    });
  }, only);
}

function multipart(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

test.describe("bodies that are not what they claim", () => {
  test("multipart/form-data whose body is not multipart is a 400 page, on a page and on an action", async ({ request, baseURL }) => {
    for (const path of ["/", "/sign-in", "/plans"]) {
      const response = await request.post(path, {
        headers: { ...sameSite(baseURL), "content-type": "multipart/form-data; boundary=xyz" },
        data: "hello, not multipart",
      });
      await expectRefusal(response, 400, /This form could not be read.*not complete, well-formed multipart form data/s);
    }
    // No boundary at all.
    const response = await request.post("/sign-in", { headers: { ...sameSite(baseURL), "content-type": "multipart/form-data" }, data: "x" });
    await expectRefusal(response, 400, /not complete, well-formed multipart form data/);
  });

  test("a script's action call whose arguments are not readable is a 400 page", async ({ request, baseURL }) => {
    const action = await regionAction(request);
    const headers = { ...sameSite(baseURL), "next-action": action };
    for (const data of ["{{ not json", '{"not":"an array"}', ""]) {
      const response = await request.post("/sign-in", { headers: { ...headers, "content-type": "text/plain;charset=UTF-8" }, data });
      await expectRefusal(response, 400, /The action’s arguments are not readable/);
    }
    const noArguments = await request.post("/sign-in", { headers, multipart: multipart([["1_country", "IN"]]) });
    await expectRefusal(noArguments, 400, /The action’s arguments are missing or not readable/);
    // As the browser sends it: answered by the action.
    const fine = await request.post("/sign-in", {
      headers,
      multipart: multipart([
        ["0", '["$K1"]'],
        ["1_country", "IN"],
      ]),
    });
    expect(fine.status()).toBe(200);
  });

  test("a form whose action is not described as the site's pages describe it is a 400 page", async ({ request, baseURL }) => {
    const html = await (await request.get("/sign-in")).text();
    const id = /name="\$ACTION_2:0" value="\{&quot;id&quot;:&quot;([0-9a-f]+)&quot;/.exec(html)![1]!;
    const signIn = (described: [string, string][]) =>
      multipart([["$ACTION_REF_2", ""], ...described, ["$ACTION_KEY", "k1"], ["email", "a@b.c"], ["password", "x"]]);
    for (const described of [
      [
        ["$ACTION_2:0", JSON.stringify({ id, bound: "$@1" })],
        ["$ACTION_2:1", "not json"],
      ],
      [["$ACTION_2:0", JSON.stringify({ id, bound: null })]],
      [["$ACTION_2:0", "not json"]],
    ] as [string, string][][]) {
      const response = await request.post("/sign-in", { headers: sameSite(baseURL), multipart: signIn(described) });
      await expectRefusal(response, 400, /not described as this site’s pages describe it/);
    }
    // As the page describes it: the sign-in form answers (a wrong password).
    const fine = await request.post("/sign-in", {
      headers: sameSite(baseURL),
      multipart: signIn([
        ["$ACTION_2:0", JSON.stringify({ id, bound: "$@1" })],
        ["$ACTION_2:1", "[{}]"],
      ]),
    });
    expect(fine.status()).toBe(200);
  });

  test("a form over Next's server-action limit is a 413 page, declared or streamed", async ({ request, baseURL }) => {
    const action = await regionAction(request);
    const form = regionForm(action);
    form.set("country", "x".repeat(1024 * 1024));
    await expectRefusal(await request.post("/sign-in", { headers: sameSite(baseURL), multipart: form }), 413, /This form is too large.*at most 1 MiB/s);
    // Chunked, no length declared: refused once the limit is passed.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const post = httpRequest(`${baseURL}/sign-in`, {
        method: "POST",
        headers: { ...sameSite(baseURL), "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" },
      });
      post.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += String(chunk)));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      post.on("error", reject);
      post.end(`--x\r\ncontent-disposition: form-data; name="country"\r\n\r\n${"x".repeat(1024 * 1024)}\r\n--x--\r\n`);
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain("This form is too large");
  });

  test("the consent page's forms posted together are a 400 page, and nothing is done", async ({ page, request, baseURL }) => {
    const url = await openConsent(page, "Mixed Forms");
    const consent = await formFields(page, "allow");
    // React runs the last action a post names and hands its result to the form of the first: the header's Sign out after
    // the consent signed the account out; the footer's region picker (shown to accounts without a country) broke the consent form's render.
    const signOut = (await formFields(page)).filter((field) => !consent.some(([name]) => name === field[0]));
    expect(signOut.filter(([name]) => name.startsWith("$ACTION_ID_"))).toHaveLength(1);
    const region: [string, string][] = [...regionForm(await regionAction(request)).entries()].map(([name, value]) => [name, String(value)]);
    for (const fields of [
      [...consent, ...signOut],
      [...consent, ...region],
    ]) {
      const response = await page.request.post(url, { headers: sameSite(baseURL), multipart: multipart(fields), maxRedirects: 0 });
      await expectRefusal(response, 400, /names more than one action: send one form at a time/);
    }
    await page.reload();
    await expect(page.getByRole("button", { name: "Allow Streamkit desktop" })).toBeVisible();
    // The consent form alone, from this site, is answered: the browser goes back to the app with a code.
    const alone = await page.request.post(url, { headers: sameSite(baseURL), multipart: multipart(consent), maxRedirects: 0 });
    expect(alone.status()).toBe(303);
    expect(alone.headers().location).toMatch(/^http:\/\/127\.0\.0\.1:45678\/callback\?code=/);
  });
});

test.describe("state-changing posts come from this site", () => {
  test("the consent without Origin, from another site, from null or with a spoofed X-Forwarded-Host is a 403 page; with this site's Referer it is answered", async ({
    page,
    baseURL,
  }) => {
    const url = await openConsent(page, "Cross Site");
    const fields = await formFields(page, "allow");
    const post = (headers: Record<string, string>) => page.request.post(url, { headers, multipart: multipart(fields), maxRedirects: 0 });
    const refused = /This form was sent from another site.*Nothing was changed/s;
    await expectRefusal(await post({}), 403, refused);
    await expectRefusal(await post({ origin: "http://evil.example" }), 403, refused);
    await expectRefusal(await post({ origin: "null" }), 403, refused);
    await expectRefusal(await post({ referer: "http://evil.example/page" }), 403, refused);
    // Next's own check compares the Origin with X-Forwarded-Host: from a peer that is not a trusted proxy, it is not believed.
    await expectRefusal(await post({ origin: "http://evil.example", "x-forwarded-host": "evil.example" }), 403, refused);
    await expectRefusal(await post({ origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }), 403, refused);
    // A browser that sends no Origin but this site's Referer.
    const fromReferer = await post({ referer: `${baseURL}${url}` });
    expect(fromReferer.status()).toBe(303);
    expect(fromReferer.headers().location).toMatch(/^http:\/\/127\.0\.0\.1:45678\/callback\?code=/);
  });

  test("a server action from another site is a 403 page, not Next's 500; from this site it runs", async ({ request, baseURL }) => {
    const action = await regionAction(request);
    const attempts: Record<string, string>[] = [{ origin: "http://evil.example" }, {}, { "next-action": action, origin: "http://evil.example" }];
    for (const headers of attempts) {
      const response = await request.post("/plans", { headers, multipart: regionForm(action) });
      await expectRefusal(response, 403, /This form was sent from another site/);
      expect(response.headers()["set-cookie"]).toBeUndefined();
    }
    const response = await request.post("/plans", { headers: sameSite(baseURL), multipart: regionForm(action) });
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toMatch(/^country=IN;/);
  });

  test("X-Forwarded-Host and -Proto are believed from TRUSTED_PROXIES only", async ({ request }) => {
    const proxied = { origin: "https://shop.example", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
    // The shared server trusts no proxy.
    const action = await regionAction(request);
    await expectRefusal(await request.post("/plans", { headers: proxied, multipart: regionForm(action) }), 403, /sent from another site/);

    const server = await startOwnServer({ TRUSTED_PROXIES: "loopback" });
    try {
      const ownAction = await regionAction(request, server.url);
      const believed = await request.post(`${server.url}/plans`, { headers: proxied, multipart: regionForm(ownAction) });
      expect(believed.status()).toBe(200);
      expect(believed.headers()["set-cookie"]).toMatch(/^country=IN;/);
      // Believed, the forwarded host still has to be the Origin's.
      const foreign = await request.post(`${server.url}/plans`, {
        headers: { ...proxied, origin: "https://evil.example" },
        multipart: regionForm(ownAction),
      });
      await expectRefusal(foreign, 403, /sent from another site/);
    } finally {
      await server.stop();
    }
  });
});
