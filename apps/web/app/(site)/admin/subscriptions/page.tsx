import { plans, subscriptionRules } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney } from "@/components/commerce/money";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { Pager } from "@/components/pager";
import { api } from "@/lib/server/api";
import { serviceNow } from "@/lib/server/service-clock";
import { isUuid, one, positionFields, positionQuery, quoted, type SearchParams, searchOrProblem } from "../admin-paging";
import { ComplimentaryList, GrantComplimentaryForm } from "./complimentary-plans";
import { filterParams, readFilters, toQuery } from "./subscription-filters";
import { SubscriptionRow } from "./subscription-row";
import { SubscriptionSearch } from "./subscription-search";

export const metadata: Metadata = { title: "Subscriptions" };

const PAGE_SIZE = 25;
const PATH = "/admin/subscriptions";
const DAY_MS = 24 * 60 * 60 * 1000;

type Caller = Awaited<ReturnType<typeof api>>;

/** The notices after an action, each checked against the data as it is now (an edited address cannot claim what did not happen). */
async function notices(
  caller: Caller,
  params: Record<string, string | string[] | undefined>,
  gifts: Awaited<ReturnType<Caller["admin"]["subscriptions"]["complimentary"]>>,
) {
  const found: string[] = [];
  const refunded = one(params.refunded);
  const subscriptionId = one(params.subscription);
  if (isUuid(refunded) && isUuid(subscriptionId)) {
    const payment = (await caller.admin.subscriptions.payments({ subscriptionId })).find((p) => p.id === refunded && p.status === "refunded");
    const [subscription] = (await caller.admin.subscriptions.find({ q: subscriptionId, limit: 1 })).items;
    if (payment && subscription) {
      found.push(
        `Refunded ${formatMoney(payment.amount, payment.currency)} to ${subscription.accountName}.${subscription.status === "ended" ? " The subscription has ended." : ""}`,
      );
    }
  }
  const granted = one(params.granted);
  const gift = isUuid(granted) ? gifts.find((g) => g.accountId === granted) : undefined;
  if (gift) found.push(`${gift.accountName} has ${plans[gift.plan].title} for free until ${formatDate(gift.endsAt)}.`);
  const revoked = one(params.revoked);
  if (isUuid(revoked) && !gifts.some((g) => g.accountId === revoked)) {
    const account = (await caller.admin.accounts.find({ q: revoked, limit: 1 })).items.find((a) => a.id === revoked);
    if (account) found.push(`${account.name} has no complimentary plan now.`);
  }
  return found;
}

export default async function AdminSubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const params = await searchParams;
  const { position, filters } = readFilters(params);
  const caller = await api();
  const [{ page, problem }, gifts, now] = await Promise.all([
    searchOrProblem(caller.admin.subscriptions.find(toQuery(position, filters, PAGE_SIZE))),
    caller.admin.subscriptions.complimentary(),
    serviceNow(),
  ]);
  const payments = page ? await Promise.all(page.items.map((s) => caller.admin.subscriptions.payments({ subscriptionId: s.id }))) : [];
  const done = await notices(caller, params, gifts);
  const extra = filterParams(filters);
  const back = { ...positionFields(position), ...extra };
  const grantId = one(params.grant);
  const grantFor = isUuid(grantId) ? (await caller.admin.accounts.find({ q: grantId, limit: 1 })).items.find((a) => a.id === grantId) : undefined;
  const filtered = Boolean(position.q || filters.status || filters.renewsBefore);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Subscriptions</h1>
          <p>
            Pro and Ultimate subscriptions, newest first, with their payments. A payment can be refunded for {subscriptionRules.refundWindowDays} days after it
            was paid; refunding the current period’s payment ends the subscription at once. The operator CLI does the same:{" "}
            <code>npm run -s admin -- subscription refund</code>, <code>plan grant</code>, <code>plan revoke</code>.
          </p>
        </div>
      </div>
      {done.map((text) => (
        <p key={text} className="form-done" role="status">
          {text}
        </p>
      ))}
      <SubscriptionSearch path={PATH} q={position.q} filters={filters} />
      <section className="panel" aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">
          {position.q ? `Subscriptions matching ${quoted(position.q)}` : filtered ? "Subscriptions found" : "Latest subscriptions"}
        </h2>
        {problem ? (
          <div className="empty" role="alert">
            <p>{problem}</p>
            <Link href={PATH} className="button secondary">
              Show the latest subscriptions
            </Link>
          </div>
        ) : page ? (
          <>
            <DataTable
              labelledBy="subscriptions-title"
              columns={["Account", "Plan", "Status", "Next renewal", { label: "Amount", numeric: true }, "Payments"]}
              rows={page.items.length}
              empty={filtered ? "No subscription matches." : "No subscriptions yet."}
            >
              {page.items.map((subscription, index) => (
                <SubscriptionRow key={subscription.id} subscription={subscription} payments={payments[index] ?? []} now={now} back={back} />
              ))}
            </DataTable>
            <Pager
              previous={
                position.trail.length > 0
                  ? `${PATH}${positionQuery({ q: position.q, cursor: position.trail.at(-1) || undefined, trail: position.trail.slice(0, -1) }, extra)}`
                  : null
              }
              next={
                page.next ? `${PATH}${positionQuery({ q: position.q, cursor: page.next, trail: [...position.trail, position.cursor ?? ""] }, extra)}` : null
              }
            >
              <span className="muted">Page {position.trail.length + 1}</span>
            </Pager>
          </>
        ) : null}
      </section>
      <div className="stack admin-complimentary">
        <ComplimentaryList gifts={gifts} back={back} />
        <GrantComplimentaryForm
          accountId={grantFor?.id}
          accountLabel={grantFor ? `For ${grantFor.name} (${grantFor.email ?? "no email address"}), now on ${plans[grantFor.plan].title}.` : undefined}
          defaultEnd={new Date(now.getTime() + 30 * DAY_MS).toISOString().slice(0, 10)}
          back={back}
        />
      </div>
    </>
  );
}
