import type { AdminAccount } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { AdminPager } from "../admin-pager";
import { isUuid, one, quoted, readPosition, type SearchParams, searchOrProblem } from "../admin-paging";
import { AdminSearch } from "../admin-search";
import { CopyId } from "../copy-id";
import { AccountActions } from "./account-actions";

export const metadata: Metadata = { title: "Accounts" };

const PAGE_SIZE = 50;
const PATH = "/admin/accounts";

/** The notice after a change, from the account as it is now (an edited address cannot claim a change that did not happen). */
function notice(account: AdminAccount, change: string | undefined): string | null {
  if (change === "plan") return `${account.name} is on the ${plans[account.plan].title} plan now.`;
  if (change === "staff") return account.staff ? `${account.name} is an operator now.` : `${account.name} is no longer an operator.`;
  if (change === "suspended") return account.suspended ? `${account.name} is suspended now.` : `${account.name} is no longer suspended.`;
  return null;
}

export default async function AdminAccountsPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireStaff();
  const params = await searchParams;
  const position = readPosition(params);
  const caller = await api();
  const { page, problem } = await searchOrProblem(caller.admin.accounts.find({ q: position.q, cursor: position.cursor, limit: PAGE_SIZE }));
  const changedId = one(params.changed);
  const changed = isUuid(changedId) ? (await caller.admin.accounts.find({ q: changedId, limit: 1 })).items.find((a) => a.id === changedId) : undefined;
  const done = changed ? notice(changed, one(params.change)) : null;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Accounts</h1>
          <p>
            Every account, newest first, with its plan, operator (staff) access and suspension. A suspended account is refused everywhere at once — the website,
            its API keys and the desktop app — until it is unsuspended; a plan change applies to its next request. You cannot suspend yourself or remove your
            own operator access: another operator, or the operator CLI, can.
          </p>
        </div>
      </div>
      {done ? (
        <p className="form-done" role="status">
          {done}
        </p>
      ) : null}
      <AdminSearch path={PATH} label="Search accounts" hint="Search by email, name or account id." q={position.q} />
      <section className="panel" aria-labelledby="accounts-title">
        <h2 id="accounts-title">{position.q ? `Accounts matching ${quoted(position.q)}` : "Latest accounts"}</h2>
        {problem ? (
          <div className="empty" role="alert">
            <p>{problem}</p>
            <Link href={PATH} className="button secondary">
              Show the latest accounts
            </Link>
          </div>
        ) : page ? (
          <>
            <DataTable
              labelledBy="accounts-title"
              columns={["Account", "Plan", "Operator", "Status", "Created", "Actions"]}
              rows={page.items.length}
              empty={position.q ? `No account matches ${quoted(position.q)}.` : "No accounts yet."}
            >
              {page.items.map((account) => (
                <tr key={account.id} data-testid="admin-account-row" data-account-id={account.id}>
                  <td>
                    <strong>{account.name}</strong>
                    {account.official ? (
                      <>
                        {" "}
                        <span className="badge">Official</span>
                      </>
                    ) : null}
                    {account.id === me.account.id ? (
                      <>
                        {" "}
                        <span className="badge">You</span>
                      </>
                    ) : null}
                    <br />
                    <small className="muted">{account.email ?? "no email address"}</small>
                    <br />
                    <CopyId id={account.id} label="Account id" />
                  </td>
                  <td data-testid="account-plan">{plans[account.plan].title}</td>
                  <td data-testid="account-staff">{account.staff ? <span className="status active">Operator</span> : <span className="muted">No</span>}</td>
                  <td data-testid="account-status">
                    {account.suspended ? <span className="status revoked">Suspended</span> : <span className="status active">Active</span>}
                  </td>
                  <td>
                    <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
                  </td>
                  <td className="account-actions">
                    <AccountActions account={account} self={account.id === me.account.id} position={position} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <AdminPager path={PATH} position={position} next={page.next} />
          </>
        ) : null}
      </section>
    </>
  );
}
