import type { Release } from "@streamkit/api-contract";
import { ActionForm } from "@/components/commerce/action-form";
import { platformName } from "@/components/releases/platform-name";
import { withdrawReleaseAction } from "@/lib/server/release-actions";

/** Withdrawing one release, behind a disclosure that says what it does before the button that does it. */
export function WithdrawRelease({ release }: { release: Release }) {
  const name = `${release.version} for ${platformName(release.target, release.arch)}`;
  return (
    <details className="withdraw-release">
      <summary>Withdraw…</summary>
      <ActionForm
        action={withdrawReleaseAction}
        hidden={{ version: release.version, target: release.target, arch: release.arch }}
        submit={`Withdraw ${release.version}`}
        submitClassName="button danger small"
        pendingText="Withdrawing…"
        className="confirm"
        aria-label={`Withdraw ${name}`}
      >
        <p>
          The updater stops offering {name} at once; apps that installed it keep it, and the next lower release is offered instead. A withdrawn version cannot
          be published again.
        </p>
      </ActionForm>
    </details>
  );
}
