import { env } from "@streamkit/api";
import { sameSitePath } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentCaller } from "@/lib/server/auth";
import { visitorCountry } from "@/lib/server/country";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

type SearchParams = Promise<Record<string, string | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Only a place on this site, as the sign-in actions decide (auth-actions.ts).
  const next = sameSitePath(params.next, env().PUBLIC_URL);
  if (await currentCaller()) redirect(next);
  const country = await visitorCountry();
  return (
    <div className="container narrow">
      <section className="form-card" aria-labelledby="sign-up-title">
        <h1 id="sign-up-title">Create your account</h1>
        <p className="lead">Free to start. Upgrade to Pro to download and publish plugins.</p>
        <SignUpForm next={next} country={country === "ZZ" ? null : country} />
        <p className="muted">
          Already have an account? <Link href="/sign-in">Sign in</Link>
        </p>
      </section>
    </div>
  );
}
