import type { SourceDay, SourceId } from "../day";

/** What one fetch of one endpoint yields, once parsed. Days are oldest first. */
export interface ParsedFeed {
  days: SourceDay[];
  /** When the publisher says the next update appears (ExchangeRate-API tells us); ISO 8601. */
  nextUpdateAt?: string;
}

export interface FeedEndpoint {
  /** Relative to one of the source's base URLs (which end with "/"). */
  path: string;
  accept: string;
  /** Throws FeedError("parse") when the body is not the publisher's format. */
  parse(body: string): ParsedFeed;
}

/** When a publisher puts out new numbers, so we ask no more often than that. */
export interface SourceSchedule {
  description: string;
  days: "business-days" | "daily";
  /** Local publication time and its IANA zone, when the publisher states one. */
  publishedAround: { time: string; timeZone: string } | null;
}

export interface FxSource {
  id: SourceId;
  /** Display name, shown in provider.sources. */
  name: string;
  homepage: string;
  /** Terms of use, where the publisher has a page for them. */
  terms?: string;
  /** Words that must be shown, linked to url, wherever the numbers appear — only when the terms require it. */
  attribution: { text: string; url: string } | null;
  schedule: SourceSchedule;
  /** Never fetch more often than this, whatever the schedule says. */
  minRefetchIntervalMs: number;
  /** Mirrors tried in order (the first is the publisher's own address); each ends with "/". */
  baseUrls: readonly string[];
  latest: FeedEndpoint;
  /** A longer window for backfilling history, when the publisher offers one. */
  history?: FeedEndpoint;
}
