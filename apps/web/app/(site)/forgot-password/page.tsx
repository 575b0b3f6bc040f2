import { PASSWORD_RESET_MINUTES } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/server/api";
import { ForgotPasswordForm } from "./forgot-form";

export const metadata: Metadata = { title: "Forgot your password?" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const sent = (await searchParams).sent === "1";
  const mail = await (await api()).accounts.mail();
  return (
    <div className="container narrow">
      <section className="form-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {!mail.available ? (
          <p className="notice" role="status">
            Password reset by email is not set up on this server. Ask its operator to reset your password.
          </p>
        ) : sent ? (
          <p className="notice success" role="status">
            If an account uses that email address, we sent it a link to choose a new password. It works once, for {PASSWORD_RESET_MINUTES} minutes.
            {mail.outbox ? (
              <>
                {" "}
                This server sends no email: it prints it to its log and keeps it in the <Link href="/dev/outbox">development outbox</Link>, which only its
                operators can read.
              </>
            ) : null}
          </p>
        ) : (
          <>
            <p className="lead">Enter the email address of your account and we send you a link to choose a new password.</p>
            <ForgotPasswordForm />
          </>
        )}
        <p className="muted">
          Remembered it? <Link href="/sign-in">Sign in</Link>
        </p>
      </section>
    </div>
  );
}
