import { planTitles, plans, plansGranting } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "The Streamkit desktop app",
  description: "The app that runs your plugins and overlays while you stream, and how the website's Install buttons open it.",
};

const installPlans = planTitles(plansGranting("pluginDownload"));

/** Where the Install buttons' "Nothing opened?" note points: what the app is and how its links work, and which plans install. */
export default function DesktopPage() {
  return (
    <div className="container docs">
      <div className="page-head">
        <div>
          <h1>The Streamkit desktop app</h1>
          <p>Plugins and overlays run in the Streamkit desktop app, next to OBS, while you stream. The website is where you find, buy and manage them.</p>
        </div>
      </div>
      <section aria-labelledby="get">
        <h2 id="get">Get the app</h2>
        <ol className="steps">
          <li>
            Install the Streamkit desktop app for Windows, macOS or Linux from the <Link href="/download">download page</Link>; it keeps itself up to date.
          </li>
          <li>Open it and sign in with the same account you use here: the app opens this website to sign you in and comes back by itself.</li>
          <li>
            Back on a plugin’s page, press <strong>Install</strong>: your browser asks once whether to open Streamkit, and the app shows the plugin’s
            permissions before you enable it.
          </li>
        </ol>
        <p className="notice plan-needed" data-testid="install-plan">
          <span>
            Installing plugins needs the {installPlans} plan; the {plans.free.title} plan can browse the marketplace and buy plugins, but not install them. On{" "}
            {plans.free.title}, a plugin’s page offers the upgrade where Install would be.
          </span>
          <Link href="/plans" className="button secondary small">
            Compare plans
          </Link>
        </p>
      </section>
      <section aria-labelledby="links">
        <h2 id="links">How Install works</h2>
        <p>
          Install is a link of the form <code>streamkit://install/&lt;plugin id&gt;</code>, for example <code>streamkit://install/chat-commands</code>. The app
          registers the <code>streamkit://</code> scheme when it is installed, so the link opens it at that plugin. When nothing opens, the app is not installed
          (or the browser was told never to open it): install it, or search for the plugin id in the app.
        </p>
        <p>
          Paid plugins install once you own them (<Link href="/purchases">My purchases</Link>); scripts can download packages with an{" "}
          <Link href="/dashboard/keys">API key</Link> instead (see <Link href="/docs">the API reference</Link>).
        </p>
      </section>
    </div>
  );
}
