"use client";

import { type ReleaseMinimum, releaseArches, releaseChannelNames, releaseTargets } from "@streamkit/api-contract";
import { useActionState } from "react";
import { archName, platformName, targetName } from "@/components/releases/platform-name";
import type { FormState } from "@/lib/server/auth-actions";
import { setMinimumAction } from "@/lib/server/release-actions";

/**
 * Minimum versions per platform and channel: installations below one are told
 * the update is required. The list, a Remove per row, and the form that sets one.
 */
export function MinimumVersions({ minimums }: { minimums: ReleaseMinimum[] }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setMinimumAction, {});
  const [, remove, removing] = useActionState<FormState, FormData>(setMinimumAction, {});
  const value = (field: string) => state.fields?.[field];
  return (
    <>
      {minimums.length === 0 ? (
        <p className="muted">No minimum version is set: no installation is told an update is required.</p>
      ) : (
        <ul className="minimum-list">
          {minimums.map((minimum) => (
            <li
              key={`${minimum.target}/${minimum.arch}/${minimum.channel}`}
              data-testid="minimum-row"
              data-platform={`${minimum.target}/${minimum.arch}`}
              data-channel={minimum.channel}
            >
              <strong>{platformName(minimum.target, minimum.arch)}</strong>, {minimum.channel}: at least <strong>{minimum.version}</strong>
              {" · "}
              <span data-testid="minimum-met">
                {minimum.satisfiedBy ? `met by ${minimum.satisfiedBy}` : "no release meets it yet, so nobody is told to update"}
              </span>
              <small className="muted"> · set by {minimum.updatedBy?.name ?? "the operator CLI"}</small>
              <form action={remove} className="inline-form">
                <input type="hidden" name="target" value={minimum.target} />
                <input type="hidden" name="arch" value={minimum.arch} />
                <input type="hidden" name="channel" value={minimum.channel} />
                <input type="hidden" name="version" value="" />
                <button
                  type="submit"
                  className="button small secondary"
                  disabled={removing}
                  aria-label={`Remove the minimum of ${platformName(minimum.target, minimum.arch)}, ${minimum.channel}`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form action={action} className="release-form" aria-label="Set a minimum version" noValidate>
        {state.error ? (
          <p className="form-error" role="alert">
            {state.error}
          </p>
        ) : null}
        <div className="release-form-grid">
          <div className="field">
            <label htmlFor="minimum-target">Operating system</label>
            <select key={value("target") ?? "windows"} id="minimum-target" name="target" defaultValue={value("target") ?? "windows"}>
              {releaseTargets.map((target) => (
                <option key={target} value={target}>
                  {targetName(target)} ({target})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="minimum-arch">Processor</label>
            <select key={value("arch") ?? "x86_64"} id="minimum-arch" name="arch" defaultValue={value("arch") ?? "x86_64"}>
              {releaseArches.map((arch) => (
                <option key={arch} value={arch}>
                  {archName(arch)} ({arch})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="minimum-channel">Channel</label>
            <select key={value("channel") ?? "stable"} id="minimum-channel" name="channel" defaultValue={value("channel") ?? "stable"}>
              {releaseChannelNames.map((channel) => (
                <option key={channel} value={channel}>
                  {channel}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="minimum-version">Minimum version</label>
            <input
              id="minimum-version"
              name="version"
              maxLength={256}
              placeholder="1.2.1"
              defaultValue={value("version")}
              aria-describedby={state.problems?.version ? "minimum-version-hint minimum-version-problem" : "minimum-version-hint"}
              {...(state.problems?.version ? { "aria-invalid": true } : {})}
            />
            <span id="minimum-version-hint" className="hint">
              Below it the update is required and skips staged rollouts; empty removes the minimum.
            </span>
            {state.problems?.version ? (
              <span id="minimum-version-problem" className="problem">
                {state.problems.version}
              </span>
            ) : null}
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? "Saving…" : "Set minimum version"}
          </button>
        </div>
      </form>
    </>
  );
}
