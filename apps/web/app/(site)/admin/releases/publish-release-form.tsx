"use client";

import { releaseArches, releaseChannelNames, releaseLimits, releaseTargets } from "@streamkit/api-contract";
import { useActionState } from "react";
import { archName, targetName } from "@/components/releases/platform-name";
import type { FormState } from "@/lib/server/auth-actions";
import { publishReleaseAction } from "@/lib/server/release-actions";

/**
 * The operator CLI's `release publish` as a form: each refusal is shown at its
 * field, and what was typed stays (the signature is long to paste twice).
 */
export function PublishReleaseForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(publishReleaseAction, {});
  const value = (field: string) => state.fields?.[field];
  const problem = (field: string) => state.problems?.[field];
  const described = (field: string, hint = false) => {
    const ids = [hint ? `release-${field}-hint` : "", problem(field) ? `release-${field}-problem` : ""].filter(Boolean).join(" ");
    return { ...(problem(field) ? { "aria-invalid": true } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
  };
  const problemText = (field: string) =>
    problem(field) ? (
      <span id={`release-${field}-problem`} className="problem">
        {problem(field)}
      </span>
    ) : null;
  return (
    <form action={action} className="release-form" aria-label="Publish a release" noValidate>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="release-form-grid">
        <div className="field">
          <label htmlFor="release-version">Version</label>
          <input
            id="release-version"
            name="version"
            required
            maxLength={256}
            placeholder="1.3.0"
            defaultValue={value("version")}
            {...described("version", true)}
          />
          <span id="release-version-hint" className="hint">
            SemVer 2.0, e.g. 1.3.0 or 1.4.0-beta.2.
          </span>
          {problemText("version")}
        </div>
        <div className="field">
          <label htmlFor="release-target">Operating system</label>
          {/* Keyed by the value sent: a select takes a new defaultValue only when mounted, and the form resets to it after each submission. */}
          <select key={value("target") ?? "windows"} id="release-target" name="target" defaultValue={value("target") ?? "windows"} {...described("target")}>
            {releaseTargets.map((target) => (
              <option key={target} value={target}>
                {targetName(target)} ({target})
              </option>
            ))}
          </select>
          {problemText("target")}
        </div>
        <div className="field">
          <label htmlFor="release-arch">Processor</label>
          <select key={value("arch") ?? "x86_64"} id="release-arch" name="arch" defaultValue={value("arch") ?? "x86_64"} {...described("arch")}>
            {releaseArches.map((arch) => (
              <option key={arch} value={arch}>
                {archName(arch)} ({arch})
              </option>
            ))}
          </select>
          {problemText("arch")}
        </div>
        <div className="field">
          <label htmlFor="release-channel">Channel</label>
          <select
            key={value("channel") ?? "stable"}
            id="release-channel"
            name="channel"
            defaultValue={value("channel") ?? "stable"}
            {...described("channel", true)}
          >
            {releaseChannelNames.map((channel) => (
              <option key={channel} value={channel}>
                {channel}
              </option>
            ))}
          </select>
          <span id="release-channel-hint" className="hint">
            Beta installations get beta and stable releases; stable ones only stable.
          </span>
          {problemText("channel")}
        </div>
        <div className="field">
          <label htmlFor="release-rollout">Rollout (%)</label>
          <input
            id="release-rollout"
            name="rollout"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            defaultValue={value("rollout") ?? "100"}
            {...described("rollout", true)}
          />
          <span id="release-rollout-hint" className="hint">
            The share of the channel’s installations offered it; 100 is everyone.
          </span>
          {problemText("rollout")}
        </div>
      </div>
      <div className="field">
        <label htmlFor="release-url">Download address</label>
        <input
          id="release-url"
          name="url"
          type="url"
          required
          maxLength={releaseLimits.urlMaxLength}
          placeholder="https://downloads.example/1.3.0/Streamkit_1.3.0_x64-setup.exe"
          defaultValue={value("url")}
          {...described("url", true)}
        />
        <span id="release-url-hint" className="hint">
          The http(s) address of the update bundle Tauri built for this platform.
        </span>
        {problemText("url")}
      </div>
      <div className="field">
        <label htmlFor="release-signature">Signature</label>
        <textarea
          id="release-signature"
          name="signature"
          required
          rows={3}
          maxLength={releaseLimits.signatureMaxLength}
          spellCheck={false}
          defaultValue={value("signature")}
          {...described("signature", true)}
        />
        <span id="release-signature-hint" className="hint">
          The content of the bundle’s <code>.sig</code> file, as <code>tauri signer sign</code> wrote it.
        </span>
        {problemText("signature")}
      </div>
      <div className="field">
        <label htmlFor="release-notes">Release notes (optional)</label>
        <textarea id="release-notes" name="notes" rows={3} maxLength={releaseLimits.notesMaxLength} defaultValue={value("notes")} {...described("notes")} />
        {problemText("notes")}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Publishing…" : "Publish release"}
        </button>
      </div>
    </form>
  );
}
