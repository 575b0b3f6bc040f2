"use client";

import { useEffect } from "react";

/** Opens the app's deep link once, by itself; the browser may ask first, so the page keeps a button for it. */
export function OpenDeepLink({ href, label }: { href: string; label: string }) {
  useEffect(() => {
    window.location.href = href;
  }, [href]);
  return (
    <a className="button" href={href}>
      {label}
    </a>
  );
}
