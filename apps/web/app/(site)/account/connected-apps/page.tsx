import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { RevokeAppForm } from "./revoke-app-form";

export const metadata: Metadata = { title: "Connected apps" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The account's desktop sign-ins: which app, on which device, with what access, and a way to end each. */
export default async function ConnectedAppsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCaller("/account/connected-apps");
  const revoked = (await searchParams).revoked === "1";
  const { items } = await (await api()).oauth.connectedApps();
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Connected apps</h1>
          <p>Where you are signed in to the Streamkit desktop app. Signing one out stops it at once; it asks you to sign in again next time.</p>
        </div>
        <Link href="/account" className="button secondary">
          Account
        </Link>
      </div>
      {revoked ? (
        <p className="notice success" role="status">
          That app is signed out.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="apps-title">
        <h2 id="apps-title">Signed-in apps</h2>
        <DataTable
          labelledBy="apps-title"
          columns={["App", "Device", "Access", "Signed in", "Last used", { label: "Actions", hidden: true }]}
          rows={items.length}
          empty={
            <>
              No app is signed in. Sign in from the <Link href="/desktop">Streamkit desktop app</Link> and it shows here.
            </>
          }
        >
          {items.map((app) => (
            <tr key={app.id}>
              <td>{app.appName}</td>
              <td>{app.deviceLabel ?? <span className="muted">Not named</span>}</td>
              <td>
                {app.scopes.length > 0 ? app.scopes.map((scope) => <code key={scope}>{scope} </code>) : <span className="muted">Account name and plan</span>}
              </td>
              <td>{formatDate(app.createdAt)}</td>
              <td>{app.lastUsedAt ? formatDate(app.lastUsedAt) : <span className="muted">Never</span>}</td>
              <td>
                <RevokeAppForm id={app.id} label={`${app.appName}${app.deviceLabel ? ` on ${app.deviceLabel}` : ""}`} />
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
