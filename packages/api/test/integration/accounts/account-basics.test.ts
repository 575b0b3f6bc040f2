/**
 * Account basics through the website's procedures (as /api/trpc and the
 * pages call them): name and country, password change, reset by email
 * through the development outbox (and a real SMTP exchange), and deletion.
 */
import { randomUUID } from "node:crypto";
import { accounts, ledgerEntries, outboxMessages, passwordResets, plugins } from "@streamkit/db";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveCaller } from "../../../src/accounts/principal";
import { verifyPassword } from "../../../src/accounts/password";
import { createContext } from "../../../src/shared/context";
import { loadEnv } from "../../../src/shared/env";
import { toAppError } from "../../../src/shared/error-mapping";
import { createMailer } from "../../../src/shared/mailer";
import { appRouter } from "../../../src/app/router";
import { createAccount, findSessionAccount } from "../../../src/accounts/accounts";
import { createCallerFactory } from "../../../src/shared/trpc";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy, webCaller } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcQuery } from "../../support/trpc";
import { hashPassword } from "../../../src/accounts/password";

// Ahead of the real time that session cookies are signed with: a change "now" ends sessions made before it.
const clock = new TestClock(Date.now() + 5_000);
let app: TestApp;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

async function person(values: { password?: string; staff?: boolean; email?: string } = {}) {
  const email = values.email ?? `${randomUUID()}@example.com`;
  const account = await insertAccount(app.deps.db, {
    email,
    name: "Pat Person",
    plan: "pro",
    staff: values.staff ?? false,
    passwordHash: await hashPassword(values.password ?? "old password 123"),
  });
  const web = async () =>
    createCaller(
      createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", caller: await webCaller(app, account.id), clientAddress: "203.0.113.9" }),
    );
  return { account, email, web };
}
const visitor = (clientAddress = `198.51.100.${Math.floor(Math.random() * 250)}`) =>
  createCaller(createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", clientAddress }));
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => toAppError(error, "body").code,
  );
const sessionOf = async (cookie: string) => (await resolveCaller(app.deps, { surface: "web", cookie })).kind;
const outboxTo = (email: string) => app.deps.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("name and country", () => {
  it("changes both; the country must be a country", async () => {
    const pat = await person();
    await (await pat.web()).accounts.updateProfile({ name: "Pat Renamed", country: "IN" });
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, pat.account.id));
    expect(row).toMatchObject({ name: "Pat Renamed", country: "IN" });
    await (await pat.web()).accounts.updateProfile({ name: "Pat Renamed", country: "" });
    expect((await app.deps.db.select().from(accounts).where(eq(accounts.id, pat.account.id)))[0]!.country).toBeNull();
    expect(await codeOf((await pat.web()).accounts.updateProfile({ name: "Pat", country: "india" }))).toBe("validation_error");
    expect(await codeOf((await pat.web()).accounts.updateProfile({ name: " ", country: "" }))).toBe("validation_error");
    expect(await codeOf(visitor().accounts.updateProfile({ name: "Anon", country: "" }))).toBe("unauthorized");
  });
});

describe("changing the password", () => {
  it("needs the current password and a valid new one; ends every session made before", async () => {
    const pat = await person({ password: "old password 123" });
    const cookie = await sessionCookie(app, pat.account.id);
    expect(await sessionOf(cookie)).toBe("account");
    const web = await pat.web();
    expect(await codeOf(web.accounts.changePassword({ currentPassword: "wrong password", newPassword: "new password 456" }))).toBe("validation_error");
    expect(await codeOf(web.accounts.changePassword({ currentPassword: "old password 123", newPassword: "short" }))).toBe("validation_error");
    await web.accounts.changePassword({ currentPassword: "old password 123", newPassword: "new password 456" });
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, pat.account.id));
    expect(await verifyPassword("new password 456", row!.passwordHash!)).toBe(true);
    expect(await sessionOf(cookie)).toBe("anonymous");
    // A session issued in the second of the change or later counts; an earlier one does not.
    const changedAt = Math.floor(row!.sessionsValidAfter!.getTime() / 1000);
    expect(await findSessionAccount(app.deps.db, pat.account.id, changedAt, app.deps.now())).not.toBeNull();
    expect(await findSessionAccount(app.deps.db, pat.account.id, changedAt - 1, app.deps.now())).toBeNull();
  });
});

describe("resetting a forgotten password by email", () => {
  it("the same answer for an unknown email, and no message; a known one gets a link that works once", async () => {
    const pat = await person();
    const unknown = `${randomUUID()}@example.com`;
    await visitor().accounts.requestPasswordReset({ email: unknown });
    expect(await outboxTo(unknown)).toEqual([]);

    await visitor().accounts.requestPasswordReset({ email: pat.email.toUpperCase() });
    const [message] = await outboxTo(pat.email);
    expect(message!.subject).toBe("Reset your Streamkit password");
    const token = tokenIn(message!.text)!;
    expect(message!.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    const cookie = await sessionCookie(app, pat.account.id);

    await visitor().accounts.resetPassword({ token, newPassword: "reset password 789" });
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, pat.account.id));
    expect(await verifyPassword("reset password 789", row!.passwordHash!)).toBe(true);
    expect(await sessionOf(cookie)).toBe("anonymous");
    expect(await codeOf(visitor().accounts.resetPassword({ token, newPassword: "again password 1" }))).toBe("bad_request");
    expect(await codeOf(visitor().accounts.resetPassword({ token: "x".repeat(43), newPassword: "again password 1" }))).toBe("bad_request");
    expect(await codeOf(visitor().accounts.resetPassword({ token: "short", newPassword: "again password 1" }))).toBe("validation_error");
  });

  it("a link expires after an hour, and using one link kills the account's other links", async () => {
    const pat = await person();
    await visitor().accounts.requestPasswordReset({ email: pat.email });
    const [first] = await outboxTo(pat.email);
    clock.advance(61 * 60_000);
    expect(await codeOf(visitor().accounts.resetPassword({ token: tokenIn(first!.text)!, newPassword: "late password 1" }))).toBe("bad_request");

    await visitor().accounts.requestPasswordReset({ email: pat.email });
    await visitor().accounts.requestPasswordReset({ email: pat.email });
    const links = (await outboxTo(pat.email)).map((m) => tokenIn(m.text)!).filter((t) => t !== tokenIn(first!.text));
    expect(links).toHaveLength(2);
    await visitor().accounts.resetPassword({ token: links[0]!, newPassword: "fresh password 1" });
    expect(await codeOf(visitor().accounts.resetPassword({ token: links[1]!, newPassword: "other password 1" }))).toBe("bad_request");
  });

  it("of two uses of one link at once, exactly one wins", async () => {
    const pat = await person();
    await visitor().accounts.requestPasswordReset({ email: pat.email });
    const token = tokenIn((await outboxTo(pat.email))[0]!.text)!;
    const [reset] = await app.deps.db.select().from(passwordResets).where(eq(passwordResets.accountId, pat.account.id));
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from password_resets where id = $1 for update", params: [reset!.id], racers: 2 },
      () => [
        visitor().accounts.resetPassword({ token, newPassword: "first password 1" }),
        visitor().accounts.resetPassword({ token, newPassword: "second password 2" }),
      ],
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(toAppError(loser.reason, "body").code).toBe("bad_request");
  });

  it("is limited per email address and per client address, in the database", async () => {
    const pat = await person();
    const results: string[] = [];
    for (let i = 0; i < 4; i++) results.push(await codeOf(visitor().accounts.requestPasswordReset({ email: pat.email })));
    expect(results).toEqual(["ok", "ok", "ok", "rate_limited"]);
    const address = "192.0.2.77";
    const fromOne: string[] = [];
    for (let i = 0; i < 11; i++) fromOne.push(await codeOf(visitor(address).accounts.requestPasswordReset({ email: `${randomUUID()}@example.com` })));
    expect(fromOne.at(-1)).toBe("rate_limited");
    expect(fromOne.filter((code) => code === "ok")).toHaveLength(10);
  });

  it("says whether email works here; the outbox, holding reset links, is read over /api/trpc by operators only", async () => {
    expect(await visitor().accounts.mail()).toEqual({ available: true, outbox: true });
    const pat = await person();
    await visitor().accounts.requestPasswordReset({ email: pat.email });
    const link = tokenIn((await outboxTo(pat.email))[0]!.text)!;

    // Anonymous: 401, a signed-in non-operator: 403 — and neither answer holds the link.
    const anonymous = await trpcQuery(app, "accounts.outbox", undefined);
    const anonymousText = await anonymous.text();
    expect(anonymous.status).toBe(401);
    expect(anonymousText).not.toContain(link);
    const member = await trpcQuery(app, "accounts.outbox", undefined, { cookie: await sessionCookie(app, pat.account.id) });
    const memberText = await member.text();
    expect(member.status).toBe(403);
    expect(JSON.parse(memberText).error.data.appError.code).toBe("forbidden");
    expect(memberText).not.toContain(link);

    const operator = await person({ staff: true });
    const answer = await readTrpc(await trpcQuery(app, "accounts.outbox", undefined, { cookie: await sessionCookie(app, operator.account.id) }));
    expect(answer.status).toBe(200);
    expect(answer.data.find((message: { to: string }) => message.to === pat.email).text).toContain(link);
  });

  it("prints each kept email to the server's log, for whoever runs it", async () => {
    const lines: unknown[][] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as Parameters<typeof createMailer>[2];
    const mailer = createMailer(loadEnv({ NODE_ENV: "test" }), app.deps.db, log);
    const message = {
      to: `${randomUUID()}@example.com`,
      subject: "Reset your Streamkit password",
      text: "Open http://localhost:3000/reset-password?token=abc",
    };
    await mailer.send(message);
    expect(lines).toEqual([[{ mail: message }, expect.stringContaining("development outbox")]]);
    expect(await outboxTo(message.to)).toHaveLength(1);
  });
});

describe("the SMTP transport", () => {
  it("sends through a real SMTP server when SMTP_URL is set", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      const env = loadEnv({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Streamkit <no-reply@streamkit.test>" });
      const mailer = createMailer(env, app.deps.db);
      expect(mailer).toMatchObject({ kind: "smtp", available: true });
      await mailer.send({ to: "pat@example.com", subject: "Reset your Streamkit password", text: "Open https://streamkit.test/reset-password?token=abc" });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("To: pat@example.com");
      expect(received[0]).toContain("From: Streamkit <no-reply@streamkit.test>");
      expect(received[0]).toContain("Subject: Reset your Streamkit password");
      expect(received[0]).toContain("reset-password?token=abc");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("has no transport on PostgreSQL without SMTP_URL unless MAIL_OUTBOX=on", () => {
    const on = (variables: Record<string, string>) => createMailer(loadEnv({ NODE_ENV: "test", ...variables }), app.deps.db).kind;
    expect(on({ DATABASE_URL: "postgres://x@127.0.0.1/db" })).toBe("none");
    expect(on({ DATABASE_URL: "postgres://x@127.0.0.1/db", MAIL_OUTBOX: "on" })).toBe("outbox");
    expect(on({})).toBe("outbox");
    expect(on({ MAIL_OUTBOX: "off" })).toBe("none");
  });
});

describe("deleting the account", () => {
  it("needs the password; erases personal data, frees the email, ends sessions and keys, withdraws plugins, keeps money records", async () => {
    const pat = await person({ password: "old password 123" });
    const { key } = await insertKey(app.deps.db, pat.account.id);
    const plugin = await insertPlugin(app.deps.db, { slug: `gone-${randomUUID().slice(0, 8)}`, ownerId: pat.account.id });
    const cookie = await sessionCookie(app, pat.account.id);
    expect(await codeOf((await pat.web()).accounts.deleteAccount({ confirmation: "not my password" }))).toBe("validation_error");

    await (await pat.web()).accounts.deleteAccount({ confirmation: "old password 123" });
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, pat.account.id));
    expect(row).toMatchObject({ email: null, name: "Deleted account", passwordHash: null, country: null });
    expect(row!.deletedAt).not.toBeNull();
    expect(await sessionOf(cookie)).toBe("anonymous");
    expect((await app.request("/me", { headers: bearer(key) })).status).toBe(401);
    expect((await app.deps.db.select().from(plugins).where(eq(plugins.id, plugin.id)))[0]!.status).toBe("removed");
    // The email can sign up again.
    expect((await createAccount(app.deps.db, { email: pat.email, name: "New Pat" }, app.deps.now())).id).not.toBe(pat.account.id);
  });

  it("an account without a password confirms with its email; operators and accounts owed earnings are refused", async () => {
    const oauth = await insertAccount(app.deps.db, { email: `${randomUUID()}@example.com`, name: "OAuth Olly" });
    const olly = createCaller(createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", caller: await webCaller(app, oauth.id) }));
    expect(await codeOf(olly.accounts.deleteAccount({ confirmation: "someone@else.example" }))).toBe("validation_error");
    await olly.accounts.deleteAccount({ confirmation: oauth.email!.toUpperCase() });

    const operator = await person({ staff: true });
    expect(await codeOf((await operator.web()).accounts.deleteAccount({ confirmation: "old password 123" }))).toBe("forbidden");

    const author = await person();
    const buyer = await insertAccount(app.deps.db, { plan: "pro" });
    const paid = await insertPlugin(app.deps.db, { slug: `owed-${randomUUID().slice(0, 8)}`, ownerId: author.account.id, priceTier: "t1" });
    const sale = await buy(app, buyer.id, paid.slug);
    expect(sale.delivered.status).toBe(200);
    const [entry] = await app.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.authorId, author.account.id));
    const refused = await (await author.web()).accounts
      .deleteAccount({ confirmation: "old password 123" })
      .catch((error: unknown) => toAppError(error, "body"));
    expect(refused).toMatchObject({ code: "conflict", details: { owed: [{ currency: entry!.currency, amount: entry!.share }] } });
    expect(
      (
        await app.deps.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.id, author.account.id)))
      )[0]!.deletedAt,
    ).toBeNull();
  });
});
