import { type Release, releaseChannelNames } from "@streamkit/api-contract";
import { ActionForm } from "@/components/commerce/action-form";
import { platformName } from "@/components/releases/platform-name";
import { changeReleaseAction } from "@/lib/server/release-actions";

/** A release's channel and rollout, changed against the revision shown: another operator's change in between is refused in words. */
export function ChangeRelease({ release }: { release: Release }) {
  const name = `${release.version} for ${platformName(release.target, release.arch)}`;
  const id = (field: string) => `change-${field}-${release.id}`;
  return (
    <details className="change-release">
      <summary>Change…</summary>
      <ActionForm
        action={changeReleaseAction}
        hidden={{ version: release.version, target: release.target, arch: release.arch, revision: String(release.revision) }}
        submit="Save"
        submitClassName="button small"
        pendingText="Saving…"
        className="confirm"
        aria-label={`Change ${name}`}
      >
        <div className="field">
          <label htmlFor={id("channel")}>Channel</label>
          <select id={id("channel")} name="channel" defaultValue={release.channel}>
            {releaseChannelNames.map((channel) => (
              <option key={channel} value={channel}>
                {channel}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={id("rollout")}>Rollout (%)</label>
          <input id={id("rollout")} name="rollout" type="number" inputMode="numeric" min={0} max={100} step={1} defaultValue={release.rollout} />
        </div>
      </ActionForm>
    </details>
  );
}
