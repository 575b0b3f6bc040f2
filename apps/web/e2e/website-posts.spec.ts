import { readFileSync } from "node:fs";
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
 * site; forwarded headers are believed only from TRUSTED_PROXIES; an action
 * given fewer arguments than it takes is a 400 page, and one given arguments
 * of the wrong type answers with its usual refusal (lib/server/action-input.ts).
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

/**
 * Every server action of the build the site runs (Playwright starts it from this folder), by exported name: its id, and
 * a page that has it (Next runs an action only on a page whose code includes it, and answers 409 elsewhere).
 */
function serverActions(): Map<string, { id: string; path: string }> {
  const manifest = JSON.parse(readFileSync(new URL("../.next/server/server-reference-manifest.json", import.meta.url), "utf8")) as {
    node: Record<string, { exportedName: string; workers: Record<string, unknown> }>;
  };
  const pathOf = (worker: string) =>
    `/${worker
      .split("/")
      .slice(1, -1)
      .filter((part) => !part.startsWith("("))
      .map((part) => (part.startsWith("[") ? "x" : part))
      .join("/")}`;
  const byName = new Map(
    Object.entries(manifest.node).map(([id, action]) => {
      const pages = Object.keys(action.workers).filter((worker) => worker.startsWith("app/(site)/"));
      return [action.exportedName, { id, path: pathOf(pages.find((worker) => !worker.includes("[")) ?? pages[0]!) }];
    }),
  );
  expect(byName.size).toBe(Object.keys(manifest.node).length);
  return byName;
}

/** A script's call of an action: its arguments as the JSON array React sends (a plain-text body when nothing in it is a file or a form). */
function callAction(request: APIRequestContext, baseURL: string | undefined, action: { id: string; path: string }, args: string) {
  return request.post(action.path, {
    headers: { ...sameSite(baseURL), "next-action": action.id, "content-type": "text/plain;charset=UTF-8" },
    data: args,
    maxRedirects: 0,
  });
}

/** The refusal an action gives for arguments the site's pages never send, as its result in React's answer to a script's call. */
async function expectWrongCall(response: APIResponse, more?: RegExp) {
  const body = await response.text();
  expect(response.status(), body.slice(0, 300)).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/x-component/);
  expect(body).toContain("This action was not sent as this site’s pages send it: reload the page and try again.");
  if (more) expect(body).toMatch(more);
}

const fewerArguments = /This form could not be read.*The form does not give its action everything it needs/s;

test.describe("actions given what the site's pages never send", () => {
  test("a form post or script call giving an action fewer arguments than it takes is a 400 page, and signs nobody in", async ({ request, baseURL }) => {
    const signInAction = serverActions().get("signInWithPassword")!;
    const signIn = signInAction.id;
    const fields: [string, string][] = [
      ["email", "a@b.c"],
      ["password", "x"],
    ];
    // Posted as a plain form action: no previous state, so the form would be the state and the form nothing.
    const plain = await request.post("/sign-in", { headers: sameSite(baseURL), multipart: multipart([[`$ACTION_ID_${signIn}`, ""], ...fields]) });
    await expectRefusal(plain, 400, fewerArguments);
    expect(plain.headers()["set-cookie"]).toBeUndefined();
    // Described as the page describes it, without the bound previous state.
    const unbound = await request.post("/sign-in", {
      headers: sameSite(baseURL),
      multipart: multipart([
        ["$ACTION_REF_2", ""],
        ["$ACTION_2:0", JSON.stringify({ id: signIn, bound: "$@1" })],
        ["$ACTION_2:1", "[]"],
        ["$ACTION_KEY", "k1"],
        ...fields,
      ]),
    });
    await expectRefusal(unbound, 400, fewerArguments);
    // A script's call with one argument, plain text or multipart.
    await expectRefusal(await callAction(request, baseURL, signInAction, '["x"]'), 400, fewerArguments);
    const multipartCall = await request.post("/sign-in", {
      headers: { ...sameSite(baseURL), "next-action": signIn },
      multipart: multipart([["0", '["$K1"]'], ...fields.map(([name, value]) => [`1_${name}`, value] as [string, string])]),
    });
    await expectRefusal(multipartCall, 400, fewerArguments);
  });

  test("a script call with arguments of the wrong type gets the action's refusal in its answer, not a 500", async ({ page, baseURL }) => {
    await signUp(page, "Wrong Arguments");
    const actions = serverActions();
    const call = (name: string, args: unknown[]) => callAction(page.request, baseURL, actions.get(name)!, JSON.stringify(args));
    // Two strings where the previous state and the form go.
    await expectWrongCall(await call("signInWithPassword", ["x", "y"]));
    await expectWrongCall(await call("updateProfile", [{}, { name: "x" }]));
    // The editor's save with an object that is not a save: each problem by path, from the API's own schema.
    await expectWrongCall(await call("saveOverlay", [{ overlayId: "not-an-id", baseRev: "one", document: [] }]), /Not an overlay id\..*baseRev/s);
    await expectWrongCall(await call("saveOverlay", ["x"]));
    await expectWrongCall(await call("saveOverlay", [null]));
    await expectWrongCall(await call("loadOverlay", [{ overlayId: "x" }]));
    await expectWrongCall(await call("publishOverlay", [{ overlayId: "0b9c4a9e-2f1d-4c55-9d3a-3b6f2c1e8a70", rev: "latest", baseLiveRev: 1 }]));
    await expectWrongCall(await call("changeBrowserSource", ["0b9c4a9e-2f1d-4c55-9d3a-3b6f2c1e8a70", "explode"]));
    // Still signed in: nothing ran.
    await page.goto("/account");
    await expect(page.getByTestId("signed-in-as")).toHaveText("Wrong Arguments");
  });

  test("no server action answers a 500, whatever a script or a form gives it", async ({ request, baseURL }) => {
    const actions = serverActions();
    expect(actions.size).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const [name, action] of actions) {
      for (const args of ['["x","y"]', '[1,{"a":null},[],"z"]', "[null,null,null]", '[{"overlayId":{}},"renew"]']) {
        answers.push(`${name} ${args}: ${(await callAction(request, baseURL, action, args)).status()}`);
      }
      const form = multipart([
        [`$ACTION_ID_${action.id}`, ""],
        ["name", "x"],
      ]);
      answers.push(`${name} as a form: ${(await request.post(action.path, { headers: sameSite(baseURL), multipart: form, maxRedirects: 0 })).status()}`);
    }
    expect(answers.filter((answer) => /: 5\d\d$/.test(answer))).toEqual([]);
    // Every call reached its action (an action unknown to the page it was posted to would be Next's 409).
    expect(answers.filter((answer) => /: 409$/.test(answer))).toEqual([]);
  });

  test("an action id that names no action is Next's own 4xx", async ({ request, baseURL }) => {
    const unknown = await callAction(request, baseURL, { id: "00".padEnd(42, "0"), path: "/sign-in" }, "[]");
    expect(unknown.status()).toBe(409);
    expect(await unknown.text()).toBe("Server Action unavailable.");
    const malformed = await callAction(request, baseURL, { id: "not-an-action", path: "/sign-in" }, "[]");
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toBe("Invalid Server Action request.");
    const form = await request.post("/sign-in", { headers: sameSite(baseURL), multipart: multipart([[`$ACTION_ID_${"00".padEnd(42, "0")}`, ""]]) });
    expect(form.status()).toBe(409);
  });
});
