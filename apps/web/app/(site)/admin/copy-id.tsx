"use client";

import { useState } from "react";

/**
 * An id the operator needs elsewhere (the CLI's `purchase refund --id`, a
 * support ticket): shown whole, selected by one click, and copied by the
 * button where the browser allows the clipboard.
 */
export function CopyId({ id, label }: { id: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy-id">
      <code className="select-all" title={label}>
        {id}
      </code>
      <button
        type="button"
        className="button secondary small"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(id);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </span>
  );
}
