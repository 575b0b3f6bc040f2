"use client";

import { apiKeyLimits, scopeDescriptions, scopes } from "@streamkit/api-contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";

export function CreateKeyForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: (result) => {
        setCreated({ key: result.key, name: result.item.name });
        setCopied(false);
        router.refresh();
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get("expires") ?? "");
    create.mutate({
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scopes").map(String) as (typeof scopes)[number][],
      expiresAt: expires ? new Date(`${expires}T23:59:59.999Z`).toISOString() : null,
    });
    event.currentTarget.reset();
  }

  return (
    <>
      {created ? (
        <div role="status" aria-live="polite" style={{ marginBottom: "1.25rem" }}>
          <p>
            <strong>Your new key “{created.name}”.</strong> Copy it now: it will not be shown again.
          </p>
          <div className="secret">
            <code data-testid="new-key">{created.key}</code>
            <button type="button" className="button secondary small" onClick={() => navigator.clipboard?.writeText(created.key).then(() => setCopied(true))}>
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
          <button type="button" className="button secondary small" style={{ marginTop: "0.75rem" }} onClick={() => setCreated(null)}>
            I have saved it
          </button>
        </div>
      ) : null}
      <form onSubmit={submit}>
        {create.error ? (
          <p className="form-error" role="alert">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input id="key-name" name="name" required maxLength={apiKeyLimits.maxNameLength} placeholder="e.g. GitHub Actions publish" />
        </div>
        <fieldset className="field checkbox-list">
          <legend>Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope}>
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "plugins:read"} />
              <code>{scope}</code>
              <small>{scopeDescriptions[scope]}</small>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="key-expires">Expires (optional)</label>
          <input id="key-expires" name="expires" type="date" min={new Date().toISOString().slice(0, 10)} />
          <span className="hint">At the end of that day, UTC. Leave empty for a key that does not expire.</span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </button>
        </div>
      </form>
    </>
  );
}
