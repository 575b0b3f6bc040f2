import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { GrantForm, RevokeForm } from "./verification-forms";

export const metadata: Metadata = { title: "Verified publishers" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const actionLabel = {
  grant: "Verified by an operator",
  revoke: "Operator's verification revoked",
  domain_verified: "Domain verified",
  domain_revoked: "Domain failed a check",
  domain_removed: "Verified domain removed",
} as const;

/** Who is verified and why, the operators' grants and revocations, and every change with who made it (docs/operations.md#verified-publishers). */
export default async function AdminPublishersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const params = await searchParams;
  const granted = one(params.granted);
  const revoked = one(params.revoked);
  const { verified, events } = await (await api()).admin.publishers.overview();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Verified publishers</h1>
          <p>
            A publisher is verified while one of its domains passes its check or an operator's verification stands. Verify by hand a publisher that cannot use a
            domain, with a note saying what you checked; revoke it with a note too. Every change is kept below with who made it.
          </p>
        </div>
      </div>
      {granted || revoked ? (
        <p className="form-done" role="status">
          {granted ? `${granted} is verified now.` : `${revoked}'s verification by an operator is revoked.`}
        </p>
      ) : null}
      <section className="panel" aria-labelledby="grant-title">
        <h2 id="grant-title">Verify a publisher</h2>
        <GrantForm />
      </section>
      <section className="panel" aria-labelledby="verified-title">
        <h2 id="verified-title">Verified now</h2>
        <DataTable
          labelledBy="verified-title"
          columns={["Publisher", "By an operator", "Domains", "Actions"]}
          rows={verified.length}
          empty="Nobody is verified yet."
        >
          {verified.map((publisher) => (
            <tr key={publisher.accountId} data-testid="verified-publisher">
              <td>
                {publisher.handle ? <Link href={`/publishers/${publisher.handle}`}>{publisher.name}</Link> : publisher.name}
                <br />
                <small className="muted">{publisher.email ?? "no email address"}</small>
              </td>
              <td>
                {publisher.grant ? (
                  <>
                    {formatDate(publisher.grant.grantedAt)} by {publisher.grant.grantedBy}
                    <br />
                    <small>{publisher.grant.note}</small>
                  </>
                ) : (
                  <span className="muted">No</span>
                )}
              </td>
              <td>{publisher.domains.length > 0 ? publisher.domains.map((d) => d.domain).join(", ") : <span className="muted">None</span>}</td>
              <td>{publisher.grant && publisher.handle ? <RevokeForm handle={publisher.handle} name={publisher.name} /> : null}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="panel" aria-labelledby="events-title">
        <h2 id="events-title">Latest changes</h2>
        <DataTable labelledBy="events-title" columns={["When", "Publisher", "Change", "Who", "Note"]} rows={events.length} empty="No changes yet.">
          {events.map((event) => (
            <tr key={event.id} data-testid="verification-event">
              <td>
                <time dateTime={event.createdAt}>{formatDate(event.createdAt)}</time>
              </td>
              <td>{event.handle ?? event.name}</td>
              <td>
                {actionLabel[event.action]}
                {event.domain ? ` (${event.domain})` : ""}
              </td>
              <td>{event.actor}</td>
              <td>{event.note ?? ""}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
