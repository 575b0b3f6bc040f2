// The same page as app/(site)/docs/guides/[page], which reads nothing from the request (lib/cached-pages.ts).
export { default, generateMetadata } from "@/app/(site)/docs/guides/[page]/page";

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];
