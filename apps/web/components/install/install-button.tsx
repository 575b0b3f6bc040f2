import Link from "next/link";

/** The desktop app's deep link for installing a plugin (README: Installing plugins). */
export const installLink = (slug: string) => `streamkit://install/${encodeURIComponent(slug)}`;

/**
 * Install: opens the Streamkit desktop app at the plugin (the app registers
 * the streamkit:// scheme when installed). When nothing opens, the note says
 * how to get the app and how to install by the plugin id instead.
 */
export function InstallButton({ slug, name, small = false }: { slug: string; name: string; small?: boolean }) {
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
