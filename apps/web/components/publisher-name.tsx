import type { Listing } from "@streamkit/api-contract";
import Link from "next/link";
import { VerifiedMark } from "./verified-mark";

/** "by <publisher>", linked to the publisher's page (docs/plugins.md#publishers), with its verified and official marks. */
export function PublisherName({ publisher }: { publisher: Listing["publisher"] }) {
  return (
    <span className="publisher">
      <span>by {publisher.handle ? <Link href={`/publishers/${encodeURIComponent(publisher.handle)}`}>{publisher.name}</Link> : publisher.name}</span>
      {publisher.verified ? <VerifiedMark /> : null}
      {publisher.kind === "official" ? <span className="badge official">Official</span> : null}
    </span>
  );
}
