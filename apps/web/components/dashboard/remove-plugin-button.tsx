"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";

/** Removing takes the plugin out of the marketplace; it asks first, then the list is read again. */
export function RemovePluginButton({ slug, name }: { slug: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.plugins.remove.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.plugins.mineWithVersions.queryFilter()) }),
  );
  if (remove.error) return <p className="problem">{errorMessage(remove.error)}</p>;
  if (!confirming) {
    return (
      <button type="button" className="button secondary small" onClick={() => setConfirming(true)}>
        Delete…
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-label={`Delete ${name}?`} className="confirm">
      <p>
        Delete <strong>{name}</strong> from the marketplace? People who downloaded it keep it.
      </p>
      <div className="form-actions">
        <button type="button" className="button danger small" disabled={remove.isPending} onClick={() => remove.mutate({ slug })}>
          Delete {name}
        </button>
        <button type="button" className="button secondary small" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
