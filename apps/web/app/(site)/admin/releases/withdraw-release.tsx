import type { Release } from "@streamkit/api-contract";
import { ActionForm } from "@/components/commerce/action-form";
import { platformName } from "@/components/releases/platform-name";
import { withdrawReleaseAction } from "@/lib/server/release-actions";

/**
 * Withdrawing one release, behind a disclosure that says what it does before
 * the button that does it; with rollback, installations already on it are
 * offered the previous good release. A release withdrawn without rollback
 * can still be rolled back.
 */
export function WithdrawRelease({ release }: { release: Release }) {
  const name = `${release.version} for ${platformName(release.target, release.arch)}`;
  const hidden = { version: release.version, target: release.target, arch: release.arch };
  if (release.withdrawnAt) {
    return (
      <details className="withdraw-release">
        <summary>Roll back…</summary>
        <ActionForm
          action={withdrawReleaseAction}
          hidden={{ ...hidden, rollback: "on" }}
          submit={`Roll back ${release.version}`}
          submitClassName="button danger small"
          pendingText="Rolling back…"
          className="confirm"
          aria-label={`Roll back ${name}`}
        >
          <p>Installations that already run {name} are offered the release they would get without it, a lower version.</p>
        </ActionForm>
      </details>
    );
  }
  return (
    <details className="withdraw-release">
      <summary>Withdraw…</summary>
      <ActionForm
        action={withdrawReleaseAction}
        hidden={hidden}
        submit={`Withdraw ${release.version}`}
        submitClassName="button danger small"
        pendingText="Withdrawing…"
        className="confirm"
        aria-label={`Withdraw ${name}`}
      >
        <p>The updater stops offering {name} at once and offers the next lower release instead. A withdrawn version cannot be published again.</p>
        <label className="checkbox">
          <input type="checkbox" name="rollback" /> Also roll back: offer installations already on {release.version} the previous good release
        </label>
      </ActionForm>
    </details>
  );
}
