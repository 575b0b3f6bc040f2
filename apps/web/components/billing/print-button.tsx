"use client";

import { useEffect, useState } from "react";

/**
 * Print, where a script can ask the browser to print: it appears once the
 * page runs JavaScript (without it, the hint beside it names the browser's own
 * Print command, which prints the same page).
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      {label}
    </button>
  );
}
