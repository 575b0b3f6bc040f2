import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GuideView } from "@/components/pages/guide-view";
import { guide, guideNames } from "@/lib/server/guides";

type Params = Promise<{ page: string }>;

// Every page of docs/ is known at build; any other name is the site's 404 without reading anything.
export const generateStaticParams = () => guideNames().map((page) => ({ page }));
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const page = guide((await params).page);
  return page ? { title: page.title, description: page.summary } : {};
}

export default async function GuidePage({ params }: { params: Params }) {
  const page = guide((await params).page);
  if (!page) notFound();
  return <GuideView guide={page} />;
}
