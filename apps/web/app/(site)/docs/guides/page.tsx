import type { Metadata } from "next";
import { GuideView } from "@/components/pages/guide-view";
import { guidesIndex } from "@/lib/server/guides";

export const metadata: Metadata = {
  title: "Guides",
  description: "The Streamkit documentation: the REST API, configuration, operations, plugins, payments, overlays and more.",
};

export default function GuidesIndexPage() {
  return <GuideView guide={guidesIndex()} />;
}
