/**
 * Website sign-in with Auth.js (@auth/core): email + password (Credentials,
 * hence JWT sessions) always; GitHub and Google when their variables are set.
 * The accounts table doubles as Auth.js's user table through the Drizzle
 * adapter, so an OAuth sign-in creates or finds a marketplace account.
 */
import type { AuthConfig } from "@auth/core";
import Credentials from "@auth/core/providers/credentials";
import GitHub from "@auth/core/providers/github";
import Google from "@auth/core/providers/google";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { signInSchema } from "@streamkit/api-contract";
import { accounts, authIdentities, authSessions, authVerificationTokens, type Db } from "@streamkit/db";
import type { AppDeps } from "../shared/deps";
import { findAccountByEmail } from "./accounts";
import { CLIENT_ADDRESS_HEADER } from "../shared/client-address";
import { verifyPassword } from "./password";
import { readSignInDevice } from "./sign-in-device";
import { limitSignIn, signInRefusal } from "./sign-in-limit";

/** A scrypt hash of nothing anyone types, verified when the email is unknown so both paths take as long. */
const DECOY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export function oauthProviders(env: AppDeps["env"]): { id: "github" | "google"; name: string }[] {
  return [
    ...(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET ? [{ id: "github" as const, name: "GitHub" }] : []),
    ...(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET ? [{ id: "google" as const, name: "Google" }] : []),
  ];
}

export function buildAuthConfig(deps: AppDeps): AuthConfig {
  const { db, env, log } = deps;
  // Our tables carry more columns than the adapter's defaults; it only touches the ones it knows.
  const adapter = DrizzleAdapter(db, {
    usersTable: accounts,
    accountsTable: authIdentities,
    sessionsTable: authSessions,
    verificationTokensTable: authVerificationTokens,
  } as unknown as Parameters<typeof DrizzleAdapter<Db>>[1]);
  return {
    basePath: "/api/auth",
    trustHost: true,
    secret: deps.sessionSecrets,
    useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    adapter: {
      ...adapter,
      // A profile without a name still needs a publisher name.
      createUser: (user) => adapter.createUser!({ ...user, name: user.name?.trim() || user.email.split("@")[0]! }),
      // Who the person is at GitHub or Google, and nothing more: the provider's tokens are never stored (schema/auth.ts).
      linkAccount: ({ userId, type, provider, providerAccountId }) => adapter.linkAccount!({ userId, type, provider, providerAccountId }),
    },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      Credentials({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw, request) {
          const parsed = signInSchema.safeParse(raw);
          if (!parsed.success) return null;
          // A browser that signed in to this very account before is counted per device (sign-in-device.ts); the account is
          // looked up first only then, since only our own signature makes a cookie worth the lookup.
          const device = readSignInDevice(deps, request.headers.get("cookie"));
          const known = device ? await findAccountByEmail(db, parsed.data.email, deps.now()) : undefined;
          const trustedDeviceId = device && known?.id === device.accountId ? device.deviceId : null;
          // The client's address: always set by the REST core (/api/auth) or the website's server action, never the client's own header.
          await limitSignIn(deps, parsed.data.email, request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown", trustedDeviceId);
          const account = known !== undefined ? known : await findAccountByEmail(db, parsed.data.email, deps.now());
          const valid = await verifyPassword(parsed.data.password, account?.passwordHash ?? DECOY_HASH);
          if (!account?.passwordHash || !valid) return null;
          return { id: account.id, name: account.name, email: account.email };
        },
      }),
      ...(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET ? [GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET })] : []),
      ...(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET ? [Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET })] : []),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
    logger: {
      // A wrong password is an answer, not an error worth a log line.
      error: (error) => {
        const refusal = signInRefusal(error);
        if (refusal) log.info({ retryAfterSeconds: refusal.retryAfterSeconds }, "sign-in refused: too many attempts");
        // `type`, not `name`: the production bundle minifies class names.
        else if ((error as { type?: string }).type !== "CredentialsSignin") log.warn({ err: error }, "sign-in error");
      },
      warn: (code) => log.warn({ code }, "sign-in warning"),
      debug: () => {},
    },
  };
}
