import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "./reset-form";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const token = (await searchParams).token;
  const valid = typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
  return (
    <div className="container narrow">
      <section className="form-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {valid ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p className="form-error" role="alert">
            This reset link is not valid. Open the newest link from the email again, or <Link href="/forgot-password">ask for a new one</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
