import { readFileSync } from "node:fs";

/** A recorded response in the publisher's format (see fixtures/README.md). */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
}
