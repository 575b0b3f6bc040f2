import type { PublisherDomainView } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { formatDate } from "@/components/format";
import { VerifiedMark } from "@/components/verified-mark";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { AddDomainForm, DomainActions, HandleForm } from "./publisher-forms";

export const metadata: Metadata = { title: "Publisher profile" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function notice(params: Record<string, string | string[] | undefined>): string | null {
  if (one(params.changed) === "handle") return "Your handle is changed. Your former handle keeps leading to your page.";
  const added = one(params.added);
  if (added) return `${added} is added: publish the value below, then check it.`;
  const checked = one(params.checked);
  if (checked) return one(params.status) === "verified" ? `${checked} is verified.` : `${checked} could not be verified yet: see what the check found.`;
  const removed = one(params.removed);
  if (removed) return `${removed} is removed.`;
  return null;
}

const statusLabel: Record<PublisherDomainView["status"], string> = { pending: "Not checked yet", verified: "Verified", failed: "Not verified" };

function DomainCard({ domain }: { domain: PublisherDomainView }) {
  return (
    <li className="panel" data-testid="publisher-domain" data-domain={domain.domain}>
      <h3>
        {domain.domain}{" "}
        <span className={`status ${domain.status === "verified" ? "active" : "revoked"}`} data-testid="domain-status">
          {statusLabel[domain.status]}
        </span>
      </h3>
      {domain.status === "verified" ? (
        <p className="muted">
          Verified {domain.verifiedAt ? formatDate(domain.verifiedAt) : ""} by {domain.method === "dns" ? "its DNS TXT record" : "its well-known file"}; keep it
          published: a later check that fails removes the mark.
        </p>
      ) : null}
      {domain.problem ? (
        <p className="problem" data-testid="domain-problem">
          {domain.problem}
        </p>
      ) : null}
      <p>Publish this value in one of two ways, then check:</p>
      <p>
        <code data-testid="domain-value">{domain.value}</code>
      </p>
      <ul>
        <li>
          as a DNS TXT record named <code>{domain.txtName}</code>, or
        </li>
        <li>
          as a line of the file <code>{domain.fileUrl}</code> (plain text, at most 4 KiB, served over https).
        </li>
      </ul>
      <DomainActions domain={domain.domain} />
    </li>
  );
}

/** The account's publisher profile: its handle and page, and the domains it verifies (docs/plugins.md#verified-publishers). */
export default async function PublisherSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCaller("/account/publisher");
  const done = notice(await searchParams);
  const settings = await (await api()).publishers.settings();
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Publisher profile</h1>
          <p>
            Your handle names your publisher page. A verified mark <VerifiedMark /> shows beside your name wherever your plugins are listed once you prove you
            control a domain, or once the Streamkit team verifies you.
          </p>
        </div>
        <Link href="/account" className="button secondary">
          Account
        </Link>
      </div>
      {done ? (
        <p className="notice success" role="status">
          {done}
        </p>
      ) : null}
      <div className="layout-2">
        <section className="panel" aria-labelledby="handle-title">
          <h2 id="handle-title">Handle</h2>
          {settings.handle ? (
            <>
              <p>
                Your page: <Link href={`/publishers/${settings.handle}`}>/publishers/{settings.handle}</Link>
              </p>
              {settings.previousHandles.length > 0 ? <p className="muted">Former handles, still leading here: {settings.previousHandles.join(", ")}.</p> : null}
              {settings.handleChangeableAt ? <p className="muted">You can change it again on {formatDate(settings.handleChangeableAt)}.</p> : null}
              <HandleForm handle={settings.handle} disabled={settings.handleChangeableAt !== null} />
            </>
          ) : (
            <p className="muted">You get a handle, made from your name, when you publish your first plugin.</p>
          )}
        </section>
        <section className="panel" aria-labelledby="verification-title">
          <h2 id="verification-title">Verification</h2>
          <p data-testid="publisher-verified">
            {settings.verified ? (
              <>
                <VerifiedMark /> You are a verified publisher{settings.verifiedByOperator ? " (verified by the Streamkit team)" : ""}.
              </>
            ) : (
              "You are not verified yet."
            )}
          </p>
          <AddDomainForm />
        </section>
      </div>
      <section aria-labelledby="domains-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="domains-title">Domains</h2>
        {settings.domains.length === 0 ? (
          <p className="muted">No domains yet.</p>
        ) : (
          <ul className="domain-list">
            {settings.domains.map((domain) => (
              <DomainCard key={domain.domain} domain={domain} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
