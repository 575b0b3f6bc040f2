import type { Listing } from "@streamkit/api-contract";
import { VerifiedMark } from "./verified-mark";

export function PublisherName({ publisher }: { publisher: Listing["publisher"] }) {
  return (
    <span className="publisher">
      <span>by {publisher.name}</span>
      {publisher.verified ? <VerifiedMark /> : null}
      {publisher.kind === "official" ? <span className="badge official">Official</span> : null}
    </span>
  );
}
