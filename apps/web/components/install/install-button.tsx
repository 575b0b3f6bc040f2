import { grants, type PlanName, planFor, planTitles, plans, plansGranting } from "@streamkit/plans";
import Link from "next/link";

/** The desktop app's deep link for installing a plugin (docs/plugins.md#installing-plugins). */
export const installLink = (slug: string) => `streamkit://install/${encodeURIComponent(slug)}`;

/**
 * Install: opens the Streamkit desktop app at the plugin (the app registers
 * the streamkit:// scheme when installed). When nothing opens, the note says
 * how to get the app and how to install by the plugin id instead.
 * `plan`: the visitor's plan when known; one that cannot download plugins gets
 * what its plan allows and the upgrade instead (the app's download would be
 * refused with 403 plan_required).
 */
export function InstallButton({ slug, name, small = false, plan }: { slug: string; name: string; small?: boolean; plan?: PlanName | null }) {
  if (plan && !grants(plan, "pluginDownload")) return <InstallNeedsPlan plan={plan} small={small} />;
  return (
    <div className="install">
      <a
        className={small ? "button small" : "button"}
        href={installLink(slug)}
        data-testid="install-button"
        aria-label={`Install ${name} in the Streamkit desktop app`}
      >
        Install
      </a>
      <details className="install-help">
        <summary>Nothing opened?</summary>
        <p>
          Install opens the Streamkit desktop app. If nothing happened, the app is not installed on this computer:{" "}
          <Link href="/desktop">get the desktop app</Link>, sign in with this account, then press Install again — or search for <code>{slug}</code> in the app’s
          plugin list.
        </p>
      </details>
    </div>
  );
}

/** Where Install would be, for a plan without plugin downloads: what it allows, and the cheapest plan that installs (from the plans table). */
export function InstallNeedsPlan({ plan, small = false }: { plan: PlanName; small?: boolean }) {
  const upgrade = plans[planFor("pluginDownload")];
  return (
    <div className="install install-needs-plan" data-testid="install-needs-plan">
      <p className={small ? "muted" : undefined}>
        {small
          ? `Installing needs ${planTitles(plansGranting("pluginDownload"))}.`
          : `Installing plugins needs ${planTitles(plansGranting("pluginDownload"))}: your plan, ${plans[plan].title}, does not include it.`}
      </p>
      <Link href="/plans" className={small ? "button secondary small" : "button secondary"}>
        Upgrade to {upgrade.title}
      </Link>
    </div>
  );
}
