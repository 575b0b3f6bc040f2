"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";

/** Revoking is final, so it takes a second click to confirm. */
export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(trpc.keys.revoke.mutationOptions({ onSuccess: () => router.refresh() }));
  if (revoke.error) return <span className="problem">{errorMessage(revoke.error)}</span>;
  if (!confirming) {
    return (
      <button type="button" className="button secondary small" onClick={() => setConfirming(true)} aria-label={`Revoke ${name}`}>
        Revoke
      </button>
    );
  }
  return (
    <span className="form-actions">
      <button type="button" className="button danger small" disabled={revoke.isPending} onClick={() => revoke.mutate({ id })}>
        Revoke for good
      </button>
      <button type="button" className="button secondary small" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </span>
  );
}
