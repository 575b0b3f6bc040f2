import { env, oauthProviders } from "@streamkit/api";
import { sameSitePath } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentCaller } from "@/lib/server/auth";
import { signInWithProvider } from "@/lib/server/auth-actions";
import { signInReason } from "@/lib/sign-in-reason";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Only a place on this site, as the sign-in actions decide (auth-actions.ts).
  const next = sameSitePath(params.next, env().PUBLIC_URL);
  if (await currentCaller()) redirect(next);
  const providers = oauthProviders(env());
  const reason = signInReason(next);
  return (
    <div className="container narrow">
      <section className="form-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in</h1>
        {reason ? (
          <p className="notice" data-testid="sign-in-reason">
            {reason}
          </p>
        ) : null}
        <p className="lead">Buy plugins, publish your own and manage your API keys.</p>
        {params.error && params.error !== "CredentialsSignin" ? (
          <p className="form-error" role="alert">
            Signing in did not work ({params.error}). Try again.
          </p>
        ) : null}
        {params.reset === "1" ? (
          <p className="notice success" role="status">
            Your password is changed. Sign in with the new one.
          </p>
        ) : null}
        <SignInForm next={next} />
        <p className="muted">
          <Link href="/forgot-password">Forgot your password?</Link>
        </p>
        {providers.length > 0 ? (
          <>
            <p className="divider">or</p>
            {providers.map((provider) => (
              <form key={provider.id} action={signInWithProvider} className="form-actions">
                <input type="hidden" name="provider" value={provider.id} />
                <input type="hidden" name="next" value={next} />
                <button type="submit" className="button secondary">
                  Continue with {provider.name}
                </button>
              </form>
            ))}
          </>
        ) : null}
        <p className="muted">
          New here? <Link href={`/sign-up${next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`}>Create an account</Link>
        </p>
      </section>
    </div>
  );
}
