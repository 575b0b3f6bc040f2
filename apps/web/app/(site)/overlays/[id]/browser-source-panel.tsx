"use client";

import type { OverlayRecord } from "@streamkit/api-contract";
import { useState, useTransition } from "react";
import { changeBrowserSource } from "@/lib/server/overlay-actions";
import styles from "./overlay-editor.module.css";

/**
 * The overlay's private OBS address: copy it, follow the steps, make a new
 * one (the old one stops at once) or revoke it. Whoever has the address sees
 * the overlay, so it is treated like a password.
 */
export function BrowserSourcePanel({ overlay, onChanged }: { overlay: OverlayRecord; onChanged: (item: OverlayRecord) => void }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const source = overlay.browserSource;

  const change = (kind: "renew" | "revoke") =>
    startTransition(async () => {
      const result = await changeBrowserSource(overlay.id, kind);
      if (!result.ok) return setMessage(result.message);
      setMessage(
        kind === "renew" ? "A new address: paste it into OBS. The old one shows nothing now." : "Revoked: OBS shows nothing until you make a new address.",
      );
      onChanged(result.item);
    });

  return (
    <section className="panel" aria-labelledby="obs-title">
      <h2 id="obs-title">Show it in OBS</h2>
      {source ? (
        <>
          <div className={styles.copyRow}>
            <label htmlFor="obs-url" className="visually-hidden">
              Browser source address
            </label>
            <input id="obs-url" readOnly value={source.url} data-testid="browser-source-url" onFocus={(event) => event.target.select()} />
            <button
              type="button"
              className="button secondary small"
              onClick={async () => {
                await navigator.clipboard?.writeText(source.url).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
          <ol className={styles.steps}>
            <li>In OBS, under Sources, click + and choose Browser.</li>
            <li>Paste this address as the URL.</li>
            <li>
              Set Width to <strong>{overlay.document.canvas.width}</strong> and Height to <strong>{overlay.document.canvas.height}</strong>, then OK.
            </li>
          </ol>
          <p className="hint">The background is transparent. Saves show up at once without touching OBS. Anyone with the address can see the overlay.</p>
          <div className="form-actions">
            <button type="button" className="button secondary small" disabled={pending} onClick={() => change("renew")}>
              New address
            </button>
            <button type="button" className="button danger small" disabled={pending} onClick={() => change("revoke")}>
              Revoke
            </button>
          </div>
        </>
      ) : (
        <>
          <p>No address: OBS shows nothing for this overlay.</p>
          <button type="button" className="button small" disabled={pending} onClick={() => change("renew")}>
            Make an address
          </button>
        </>
      )}
      {message ? (
        <p className="form-done" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}
