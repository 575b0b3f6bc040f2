/** sameSitePath: the one rule for where sign-in and sign-up send people afterwards (apps/web/lib/server/auth-actions.ts). */
import { sameSitePath } from "@streamkit/api-contract";
import { describe, expect, it } from "vitest";

const origin = "https://market.example";

describe("sameSitePath", () => {
  it.each([
    "//evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "/\\evil.example/x",
    "\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "http://evil.example",
    "https://evil.example/x",
    "http:evil.example",
    "//market.example@evil.example",
    "https://market.example@evil.example/",
    "https://market.example.evil.example/",
    "http://market.example/x",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/%E0%A4%A",
    "",
    "x".repeat(2001),
  ])("sends %j home", (value) => {
    expect(sameSitePath(value, origin)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/account", "/account"],
    ["/plugins/chat-overlay?tab=prices#buy", "/plugins/chat-overlay?tab=prices#buy"],
    ["/checkout/builtin/abc", "/checkout/builtin/abc"],
    ["/a/../dashboard", "/dashboard"],
    ["https://market.example/account", "/account"],
    ["account", "/account"],
    // Same scheme, one slash: a browser reads it as a path on this site too.
    ["https:/evil.example", "/evil.example"],
    ["/search?q=%2F%2Fevil.example", "/search?q=%2F%2Fevil.example"],
  ])("keeps %j on the site as %j", (value, expected) => {
    expect(sameSitePath(value, origin)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(sameSitePath(null, origin)).toBe("/");
    expect(sameSitePath(undefined, origin)).toBe("/");
    expect(sameSitePath(new Blob(["/account"]), origin)).toBe("/");
  });
});
