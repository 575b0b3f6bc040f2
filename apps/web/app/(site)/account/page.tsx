import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { PlansTable } from "@/components/entitlements-table";
import { CountrySelect } from "@/components/country-select";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { DeleteAccountForm, PasswordForm, ProfileForm } from "./settings-forms";

export const metadata: Metadata = { title: "Your account" };

const countryName = new Intl.DisplayNames(["en"], { type: "region" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const changes: Record<string, string> = { profile: "Your name and country are saved.", password: "Your password is changed. Other devices are signed out." };

export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const { account } = await requireCaller("/account");
  const changed = (await searchParams).changed;
  const notice = typeof changed === "string" && Object.hasOwn(changes, changed) ? changes[changed] : null;
  const { hasPassword } = await (await api()).accounts.settings();
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Your account</h1>
          <p>Signed in as {account.email}</p>
        </div>
        <div className="form-actions">
          <Link href="/account/billing" className="button secondary">
            Billing
          </Link>
          <Link href="/account/connected-apps" className="button secondary">
            Connected apps
          </Link>
          <Link href="/account/publisher" className="button secondary">
            Publisher profile
          </Link>
          <Link href="/dashboard/keys" className="button secondary">
            API keys
          </Link>
        </div>
      </div>
      {notice ? (
        <p className="notice success" role="status">
          {notice}
        </p>
      ) : null}
      {account.suspended ? (
        <p className="notice" role="status">
          This account is suspended: its API keys are refused and it cannot buy or publish. Contact support to restore it.
        </p>
      ) : null}
      <div className="layout-2">
        <section className="panel" aria-labelledby="details">
          <h2 id="details">Details</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{account.name}</dd>
            <dt>Email</dt>
            <dd>{account.email}</dd>
            <dt>Plan</dt>
            <dd data-testid="plan">{plans[account.plan].title}</dd>
            <dt>Country</dt>
            <dd>{account.country ? countryName.of(account.country) : "Not set (prices in US dollars)"}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">{plans[account.plan].title} plan</h2>
          <p className="muted">{plans[account.plan].summary}</p>
          <p>
            <Link href="/account/billing">Billing and subscription</Link> · <Link href="/plans">Compare plans</Link>
          </p>
        </section>
      </div>
      <section className="panel" style={{ marginTop: "1.5rem" }} aria-labelledby="entitlements">
        <h2 id="entitlements">What your plan includes</h2>
        <PlansTable current={account.plan} />
      </section>
      <div className="layout-2" style={{ marginTop: "1.5rem" }}>
        <section className="panel" aria-labelledby="profile-title">
          <h2 id="profile-title">Name and country</h2>
          <ProfileForm name={account.name} countrySelect={<CountrySelect id="country" name="country" defaultValue={account.country} />} />
        </section>
        <section className="panel" aria-labelledby="password-title">
          <h2 id="password-title">{hasPassword ? "Password" : "Set a password"}</h2>
          <PasswordForm hasPassword={hasPassword} />
        </section>
      </div>
      <section className="panel danger-zone" style={{ marginTop: "1.5rem" }} aria-labelledby="delete-title">
        <h2 id="delete-title">Delete your account</h2>
        <p>
          Your name, email address and password are erased and you are signed out everywhere; your API keys and overlays are deleted. Plugins you published
          leave the marketplace, but people who bought them keep them. Your purchases and sales stay in the records. While earnings are still owed to you, wait
          until they are paid out.
        </p>
        <details>
          <summary>Delete my account…</summary>
          <DeleteAccountForm hasPassword={hasPassword} />
        </details>
      </section>
    </div>
  );
}
