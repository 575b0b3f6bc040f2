"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** Closes the header's menus (details elements) after a navigation, and when a click lands outside them. */
export function CloseMenusOnNavigate() {
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation that closes the menus.
  useEffect(() => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("details.menu[open]")) menu.open = false;
  }, [pathname]);
  useEffect(() => {
    const close = (event: MouseEvent) => {
      for (const menu of document.querySelectorAll<HTMLDetailsElement>("details.menu[open]")) {
        if (!menu.contains(event.target as Node)) menu.open = false;
      }
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);
  return null;
}
