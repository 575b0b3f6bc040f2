import { canvasPresets } from "@streamkit/overlay";
import { grants, planFor, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { formatDate } from "@/components/format";
import { readAllPages } from "@/lib/server/all-pages";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { createOverlay, deleteOverlay } from "@/lib/server/overlay-actions";

export const metadata: Metadata = { title: "My overlays" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The streamer's overlays: each with its size, rev and lock (the plan that
 * unlocks it), a link to its editor, and Delete (locked ones too); a form for
 * a new one; the catalogue to fork from. A Free account sees what overlays
 * are and which plan unlocks them.
 */
export default async function MyOverlaysPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requireCaller("/overlays");
  const deleted = (await searchParams).deleted;
  const plan = caller.account.plan;
  const allowed = grants(plan, "overlays");
  const limit = plans[plan].entitlements.overlays;
  // Every plan lists and deletes what it holds (after a downgrade: locked, kept).
  const overlays = (await api()).overlays;
  const items = await readAllPages((input) => overlays.list(input), 20);
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>My overlays</h1>
          <p>
            Scenes for your stream — overlays and widgets — drawn on a canvas, edited here and shown in OBS as a Browser Source.{" "}
            {allowed ? `Your ${plans[plan].title} plan holds up to ${limit}.` : null}
          </p>
        </div>
        <div className="form-actions">
          <Link href="/overlays/pictures" className="button secondary">
            Pictures and sounds
          </Link>
          <Link href="/overlays/catalog" className="button secondary">
            Browse the catalogue
          </Link>
        </div>
      </div>
      {typeof deleted === "string" ? (
        <p className="form-done" role="status">
          Deleted “{deleted.slice(0, 100)}”.
        </p>
      ) : null}
      {!allowed ? (
        <section className="panel plan-prompt" aria-labelledby="upgrade-title" data-testid="overlay-plan-prompt">
          <h2 id="upgrade-title">Overlays come with {plans[planFor("overlays")].title}</h2>
          <p>
            With {plans.pro.title} you create up to {plans.pro.entitlements.overlays} overlays of your own and copy the Free and {plans.pro.title} ones of the
            catalogue; {plans.ultimate.title} holds {plans.ultimate.entitlements.overlays} and adds every {plans.ultimate.title} design. Each gets an editor
            with a live preview and a private address for OBS. You are on {plans[plan].title}.
          </p>
          <div className="form-actions">
            <Link href="/plans" className="button">
              Compare plans
            </Link>
            <Link href="/overlays/catalog" className="button secondary">
              See the catalogue
            </Link>
          </div>
        </section>
      ) : null}
      {items.length > 0 ? (
        <ul className="overlay-rows" aria-label="Your overlays">
          {items.map((overlay) => (
            <li key={overlay.id} className="panel" data-testid="my-overlay">
              <div className="overlay-row-main">
                {overlay.locked ? (
                  <div className="overlay-thumbnail locked" aria-hidden="true" />
                ) : (
                  // The address names the rev: a new save is a new picture, an old one stays cached in the browser.
                  // biome-ignore lint/performance/noImgElement: an SVG drawn by the API per revision, not a picture Next could optimise.
                  <img
                    className="overlay-thumbnail"
                    src={`/api/overlays/${overlay.id}/thumbnail?rev=${overlay.rev}`}
                    alt={`${overlay.name}, rev ${overlay.rev}`}
                    width={overlay.canvas.width}
                    height={overlay.canvas.height}
                    loading="lazy"
                    data-testid="overlay-thumbnail"
                  />
                )}
                <div>
                  <h2>{overlay.locked ? overlay.name : <Link href={`/overlays/${overlay.id}`}>{overlay.name}</Link>}</h2>
                  <div className="meta-row">
                    <span>
                      {overlay.canvas.width} × {overlay.canvas.height}
                    </span>
                    <span>{overlay.kind === "widget" ? "Widget" : "Overlay"}</span>
                    <span>rev {overlay.rev}</span>
                    <span>saved {formatDate(overlay.updatedAt)}</span>
                    {overlay.forkedFrom ? <span>from the catalogue</span> : null}
                    {overlay.locked ? (
                      <span className="status revoked" data-testid="overlay-locked">
                        Locked: needs {plans[overlay.requiredPlan].title}
                      </span>
                    ) : null}
                  </div>
                  {overlay.locked ? (
                    <p className="hint">
                      Stored as it was; it shows nothing on stream until you are on {plans[overlay.requiredPlan].title} again.{" "}
                      <Link href="/plans">See plans</Link>
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="overlay-row-actions">
                {overlay.locked ? null : (
                  <Link href={`/overlays/${overlay.id}`} className="button small">
                    Edit
                  </Link>
                )}
                <details>
                  <summary>Delete…</summary>
                  <ActionForm
                    action={deleteOverlay}
                    hidden={{ id: overlay.id, name: overlay.name }}
                    submit={`Delete ${overlay.name}`}
                    submitClassName="button danger small"
                    pendingText="Deleting…"
                    className="confirm"
                    aria-label={`Delete ${overlay.name}`}
                  >
                    <p>Its OBS address stops working. This cannot be undone.</p>
                  </ActionForm>
                </details>
              </div>
            </li>
          ))}
        </ul>
      ) : allowed ? (
        <div className="empty">
          <p>No overlays yet: start from an empty canvas below, or copy one from the catalogue.</p>
        </div>
      ) : null}
      {allowed ? (
        <section className="panel" aria-labelledby="new-overlay" style={{ marginTop: "1.5rem" }}>
          <h2 id="new-overlay">New overlay</h2>
          <ActionForm action={createOverlay} submit="Create and edit" pendingText="Creating…" aria-label="New overlay">
            <div className="field">
              <label htmlFor="overlay-name">Name</label>
              <input id="overlay-name" name="name" required maxLength={100} placeholder="Starting soon" />
            </div>
            <div className="field">
              <label htmlFor="overlay-preset">Canvas</label>
              <select id="overlay-preset" name="preset" defaultValue="0">
                {canvasPresets.map((preset, index) => (
                  <option key={preset.label} value={index}>
                    {preset.label}
                  </option>
                ))}
              </select>
            </div>
          </ActionForm>
        </section>
      ) : null}
    </div>
  );
}
