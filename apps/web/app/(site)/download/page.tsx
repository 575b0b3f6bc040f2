import type { Downloads } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { formatDate } from "@/components/format";
import { fileNameOf, platformName } from "@/components/releases/platform-name";
import { api } from "@/lib/server/api";

export const metadata: Metadata = {
  title: "Download the desktop app",
  description: "The newest Streamkit desktop app for Windows, macOS and Linux, and the update server an app build is configured with.",
};

/** The Tauri updater configuration a build of the app would carry for this site. */
function updaterConfig(downloads: Downloads, withDemoKey: boolean): string {
  const pubkey = withDemoKey ? downloads.demoPublicKey.tauri : "<your minisign public key, base64>";
  return JSON.stringify({ plugins: { updater: { pubkey, endpoints: [downloads.updaterEndpoint] } } }, null, 2);
}

/** Every platform's newest release that every installation is offered: the app keeps itself up to date from there. */
export default async function DownloadPage() {
  const downloads = await (await api()).releases.downloads();
  const { releases } = downloads;
  const demo = releases.some((release) => release.demo);
  return (
    <div className="container docs">
      <div className="page-head">
        <div>
          <h1>Download the desktop app</h1>
          <p>
            Streamkit runs your plugins and overlays next to OBS while you stream (<Link href="/desktop">what the app does</Link>). Install it once: it checks
            this site for updates and installs them itself.
          </p>
        </div>
      </div>

      <section aria-labelledby="platforms">
        <h2 id="platforms">Latest release for each platform</h2>
        {demo ? (
          <p className="muted" data-testid="demo-note">
            The releases marked Demo come with this site’s demo data: small signed stand-ins, not the app, so the update path can be tried end to end.
          </p>
        ) : null}
        {releases.length === 0 ? (
          <div className="empty" data-testid="no-releases">
            <p>No release of the desktop app has been published yet.</p>
            <p>Once one is, it is listed here for Windows, macOS and Linux, and installed apps update themselves.</p>
          </div>
        ) : (
          <ul className="download-grid">
            {releases.map((release) => {
              const platform = platformName(release.target, release.arch);
              return (
                <li key={release.id} className="panel download-card" data-testid="download-row" data-platform={`${release.target}/${release.arch}`}>
                  <h3 data-testid="download-platform">{platform}</h3>
                  <p className="download-version">
                    <strong>Version {release.version}</strong>
                    {release.demo ? (
                      <>
                        {" "}
                        <span className="badge">Demo</span>
                      </>
                    ) : null}
                    <br />
                    <span className="muted">
                      Released <time dateTime={release.pubDate}>{formatDate(release.pubDate)}</time>
                    </span>
                  </p>
                  {release.notes ? <p className="release-notes">{release.notes}</p> : null}
                  <a className="button" href={release.url}>
                    Download
                    <span className="visually-hidden">
                      {" "}
                      Streamkit {release.version} for {platform}
                    </span>
                  </a>
                  <small className="muted file-name">{fileNameOf(release.url)}</small>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="developers">
        <h2 id="developers">For app developers</h2>
        <p>
          The app asks this site’s update server, which follows Tauri v2’s dynamic update contract: <code>204</code> when nothing is newer, otherwise the newest
          version with its address and minisign signature. Put the address in the app’s <code>plugins.updater.endpoints</code>:
        </p>
        <pre>
          <code data-testid="updater-endpoint">{downloads.updaterEndpoint}</code>
        </pre>
        <p>
          Staged releases reach a share of installations chosen by the id the app sends in <code>X-Streamkit-Installation</code>; the table above lists what
          every installation is offered. Operators publish and withdraw releases on the operator pages or with <code>npm run -s admin -- release …</code>.
        </p>
        {demo ? (
          <>
            <h3 id="demo-key">The demo releases’ public key</h3>
            <p>
              The demo releases are signed with this server’s demo key (id <code data-testid="demo-key-id">{downloads.demoPublicKey.keyId}</code>), derived from
              its master secret and never stored. A demo build of the app that trusts them carries this minisign public key:
            </p>
            <pre>
              <code data-testid="demo-public-key">{downloads.demoPublicKey.text}</code>
            </pre>
          </>
        ) : null}
        <p>{demo ? "As the app’s Tauri configuration (the key base64-encoded once more, as Tauri wants it):" : "In the app’s Tauri configuration:"}</p>
        <pre>
          <code data-testid="updater-config">{updaterConfig(downloads, demo)}</code>
        </pre>
      </section>
    </div>
  );
}
