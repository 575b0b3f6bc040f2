"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { useTRPC } from "@/lib/trpc/client";
import { TakenDownNotice } from "./taken-down-notice";

/**
 * A plugin's not-found page on the shared copies (lib/cached-pages.ts): a
 * taken-down plugin is not found for the copy, but a signed-in visitor who
 * holds it is told what happened — their browser asks for the plugin as
 * their account. Everyone else keeps `fallback`.
 */
export function HeldPluginNotice({ fallback }: { fallback: ReactNode }) {
  const trpc = useTRPC();
  const slug = decodeURIComponent(usePathname().split("/")[2] ?? "");
  const held = useQuery({ ...trpc.plugins.get.queryOptions({ slug }), retry: false, enabled: slug.length > 0 }).data?.item;
  if (!held?.takenDown) return fallback;
  return (
    <div className="container">
      <h1>{held.name}</h1>
      <TakenDownNotice name={held.name} takenDown={held.takenDown} />
    </div>
  );
}
