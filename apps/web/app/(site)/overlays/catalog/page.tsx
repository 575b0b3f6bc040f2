import { planAtLeast, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { api } from "@/lib/server/api";
import { currentCaller } from "@/lib/server/auth";
import { forkOverlay } from "@/lib/server/overlay-actions";

export const metadata: Metadata = {
  title: "Overlay catalogue",
  description: "Ready-made overlays for your stream — starting soon, alerts, goals, lower thirds — to copy and make your own.",
};

/**
 * The predefined overlays, each drawn by the one renderer (the API's preview
 * image), with the plan that may copy it. A shop window: everyone may look;
 * a signed-in account whose plan allows one gets "Add to my overlays", the
 * others the plan that unlocks it.
 */
export default async function OverlayCataloguePage() {
  const caller = await currentCaller();
  const catalog = (await api()).catalog;
  const items = [];
  for (let offset: number | null = 0; offset !== null && items.length < 1000; ) {
    const page = await catalog.overlays({ limit: 100, offset });
    items.push(...page.items);
    offset = page.nextOffset;
  }
  const plan = caller?.account.plan ?? null;
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Overlay catalogue</h1>
          <p>
            Ready-made scenes and widgets. Copy one into your overlays and change anything: text, colours, layout. Free ones need a plan with overlays of your
            own ({plans.pro.title} or {plans.ultimate.title}); {plans.ultimate.title} designs need {plans.ultimate.title}.
          </p>
        </div>
        {caller ? (
          <Link href="/overlays" className="button secondary">
            My overlays
          </Link>
        ) : null}
      </div>
      <ul className="catalog-grid" aria-label="Predefined overlays">
        {items.map((overlay) => {
          // A copy is one of your own overlays: it needs Pro at least, and the original's plan.
          const needed = planAtLeast(overlay.plan, "pro") ? overlay.plan : "pro";
          const mayFork = plan !== null && planAtLeast(plan, needed);
          return (
            <li key={overlay.slug} className="panel catalog-card" data-testid="catalog-overlay">
              {/* biome-ignore lint/performance/noImgElement: the preview is the API's SVG image, drawn by the one renderer; next/image would not optimise it. */}
              <img
                src={`/api/v1/catalog/overlays/${encodeURIComponent(overlay.slug)}/preview`}
                alt={`Preview of ${overlay.name}`}
                width={overlay.preview.width}
                height={overlay.preview.height}
                loading="lazy"
                className="catalog-preview"
              />
              <div className="catalog-card-body">
                <h2>{overlay.name}</h2>
                <div className="meta-row">
                  <span className={`badge plan-${overlay.plan}`}>{plans[overlay.plan].title}</span>
                  <span>
                    {overlay.canvas.width} × {overlay.canvas.height}
                  </span>
                </div>
                <p>{overlay.description}</p>
                {mayFork ? (
                  <details>
                    <summary className="button small">Add to my overlays</summary>
                    <ActionForm
                      action={forkOverlay}
                      hidden={{ slug: overlay.slug }}
                      submit="Copy and edit"
                      pendingText="Copying…"
                      aria-label={`Add ${overlay.name} to my overlays`}
                    >
                      <div className="field">
                        <label htmlFor={`fork-${overlay.slug}`}>Name of your copy</label>
                        <input id={`fork-${overlay.slug}`} name="name" required maxLength={100} defaultValue={overlay.name} />
                      </div>
                    </ActionForm>
                  </details>
                ) : (
                  <p className="hint" data-testid="catalog-plan-prompt">
                    {plan === null ? (
                      <>
                        <Link href="/sign-in?next=/overlays/catalog">Sign in</Link> with {plans[needed].title} to copy it.
                      </>
                    ) : (
                      <>
                        Copying it needs {plans[needed].title}: <Link href="/plans">see plans</Link>.
                      </>
                    )}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
