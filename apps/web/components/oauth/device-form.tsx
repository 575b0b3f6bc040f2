"use client";

import { scopeDescriptions } from "@streamkit/api-contract";
import Link from "next/link";
import { useActionState } from "react";
import { type DeviceState, deviceStep } from "@/lib/server/oauth-actions";

/**
 * /device's steps in one form state: type the code and Continue; see the app,
 * the device and the scopes, then Allow or Deny; the outcome. Each step is a
 * form post, read again on the server.
 */
export function DeviceForm({ prefilled }: { prefilled: string }) {
  const [state, action, pending] = useActionState<DeviceState, FormData>(deviceStep, { step: "code", userCode: prefilled });
  const error = state.error ? (
    <p className="form-error" role="alert">
      {state.error}
    </p>
  ) : null;

  if (state.step === "done")
    return (
      <div>
        <h2>{state.decision === "allow" ? "Device connected" : "Device not connected"}</h2>
        <p role="status">
          {state.decision === "allow"
            ? `The ${state.appName}${state.deviceLabel ? ` on ${state.deviceLabel}` : ""} is signed in. You can go back to it now.`
            : `You denied the ${state.appName}${state.deviceLabel ? ` on ${state.deviceLabel}` : ""}. It was not signed in.`}
        </p>
        <p className="muted">
          {state.decision === "allow" ? (
            <>
              You can end this sign-in at any time on <Link href="/account/connected-apps">Connected apps</Link>.
            </>
          ) : (
            <Link href="/device">Connect another device</Link>
          )}
        </p>
      </div>
    );

  if (state.step === "confirm" && state.pending) {
    const { pending: request } = state;
    return (
      <form action={action}>
        {error}
        <p>
          The <strong>{request.appName}</strong>
          {request.deviceLabel ? (
            <>
              {" "}
              on <strong>{request.deviceLabel}</strong>
            </>
          ) : null}{" "}
          showing the code <strong className="device-code">{request.userCode}</strong> asks to use your account. It will be able to:
        </p>
        <ul className="scope-list">
          {request.scopes.map((scope) => (
            <li key={scope}>
              <span>{scopeDescriptions[scope]}</span> <code>{scope}</code>
            </li>
          ))}
          {request.scopes.length === 0 ? <li>See your account’s name and plan, and nothing else.</li> : null}
        </ul>
        <p className="muted">Only allow it if you started signing in on that device yourself and it shows this code.</p>
        <input type="hidden" name="step" value="decide" />
        <input type="hidden" name="userCode" value={request.userCode} />
        <div className="form-actions">
          <button type="submit" name="decision" value="allow" className="button" disabled={pending}>
            Allow {request.appName.replace(/ app$/, "")}
          </button>
          <button type="submit" name="decision" value="deny" className="button secondary" disabled={pending}>
            Deny
          </button>
        </div>
      </form>
    );
  }

  return (
    <form action={action}>
      {error}
      <input type="hidden" name="step" value="lookup" />
      <div className="field">
        <label htmlFor="device-code">Code</label>
        <input
          id="device-code"
          name="userCode"
          defaultValue={state.userCode}
          key={state.userCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="BCDF-GHJK"
          maxLength={40}
          required
        />
        <span className="hint">8 letters; upper or lower case, the dash is optional.</span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          Continue
        </button>
      </div>
    </form>
  );
}
