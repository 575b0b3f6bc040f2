/** The publisher's own view on the website's /account/publisher: handle, former handles, verification and domains. */
import type { PublisherSettings } from "@streamkit/api-contract";
import { type Db, publisherGrants } from "@streamkit/db";
import { eq } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import { changeableAt, handlesOf } from "./handles";
import { listDomains } from "./verification";

export async function publisherSettings(db: Db, caller: AccountCaller, now: Date): Promise<PublisherSettings> {
  const accountId = caller.account.id;
  const [handles, domains, grants] = await Promise.all([
    handlesOf(db, accountId),
    listDomains(db, accountId),
    db.select({ accountId: publisherGrants.accountId }).from(publisherGrants).where(eq(publisherGrants.accountId, accountId)),
  ]);
  const verifiedByOperator = grants.length > 0;
  return {
    handle: handles.find((h) => h.current)?.handle ?? null,
    previousHandles: handles.filter((h) => !h.current).map((h) => h.handle),
    handleChangeableAt: changeableAt(handles, now)?.toISOString() ?? null,
    verified: verifiedByOperator || domains.some((d) => d.status === "verified"),
    verifiedByOperator,
    domains,
  };
}
