/**
 * The canonical form the service signs (src/package-digest.ts): its exact
 * bytes, and that order does not change it while any byte, permission, id,
 * version or publisher does.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalPackageBytes, digestHex, packageDigest, type SignedPackageContent, signedContentOf } from "../src/package-digest";

const manifest = JSON.stringify({ id: "shout-out", name: "Shout-out", version: "1.2.0", permissions: ["chat.read", "network"], optional_permissions: ["ai"] });

const content = (extra: Partial<SignedPackageContent> = {}): SignedPackageContent => ({
  id: "shout-out",
  version: "1.2.0",
  publisherId: "4d1c2a7e-0000-4000-8000-000000000001",
  permissions: ["network", "chat.read"],
  optionalPermissions: ["ai"],
  files: [
    { path: "plugin.json", content: manifest },
    { path: "main.lua", content: "chats.on('message', function(m) end)\n" },
  ],
  ...extra,
});

const hex = (extra?: Partial<SignedPackageContent>) => digestHex(packageDigest(content(extra)));

describe("the canonical form", () => {
  it("is netstrings in the documented order: format, id, version, publisher, sorted permissions, sorted optional ones, files by path", () => {
    const text = Buffer.from(canonicalPackageBytes(content())).toString("utf8");
    expect(text).toBe(
      [
        "27:streamkit-plugin-package-v1,",
        "9:shout-out,",
        "5:1.2.0,",
        "36:4d1c2a7e-0000-4000-8000-000000000001,",
        "1:2,9:chat.read,7:network,",
        "1:1,2:ai,",
        "1:2,",
        `8:main.lua,${Buffer.byteLength("chats.on('message', function(m) end)\n")}:chats.on('message', function(m) end)\n,`,
        `11:plugin.json,${manifest.length}:${manifest},`,
      ].join(""),
    );
  });

  it("counts lengths in UTF-8 bytes and writes text as it is (no normalisation)", () => {
    const composed = "caf\u00e9"; // é as one code point: 2 bytes
    const decomposed = "cafe\u0301"; // e + combining accent: 3 bytes
    const one = canonicalPackageBytes(content({ files: [{ path: "a.lua", content: composed }] }));
    const other = canonicalPackageBytes(content({ files: [{ path: "a.lua", content: decomposed }] }));
    expect(Buffer.from(one).toString("utf8")).toContain(`5:a.lua,5:${composed},`);
    expect(Buffer.from(other).toString("utf8")).toContain(`5:a.lua,6:${decomposed},`);
    expect(digestHex(packageDigest(content({ files: [{ path: "a.lua", content: composed }] })))).not.toBe(
      digestHex(packageDigest(content({ files: [{ path: "a.lua", content: decomposed }] }))),
    );
  });

  it("sorts paths by their UTF-8 bytes, not by UTF-16 units", () => {
    // U+FF21 (3 bytes, EF BC A1) sorts before U+1F600 (4 bytes, F0 …) in bytes, after it in UTF-16 units.
    const files = [
      { path: "\u{1F600}.lua", content: "" },
      { path: "\uFF21.lua", content: "" },
    ];
    const text = Buffer.from(canonicalPackageBytes(content({ files }))).toString("utf8");
    expect(text.indexOf("\uFF21.lua")).toBeLessThan(text.indexOf("\u{1F600}.lua"));
  });

  it("has a length prefix that keeps shifted boundaries apart", () => {
    const a = content({ files: [{ path: "ab", content: "c" }] });
    const b = content({ files: [{ path: "a", content: "bc" }] });
    expect(digestHex(packageDigest(a))).not.toBe(digestHex(packageDigest(b)));
    expect(hex({ permissions: ["chat.read"], optionalPermissions: ["network", "ai"] })).not.toBe(hex());
  });

  it("refuses what has no single form: a repeated path or permission, a lone surrogate", () => {
    expect(() => canonicalPackageBytes(content({ permissions: ["ai", "ai"] }))).toThrow('permissions lists "ai" twice.');
    expect(() =>
      canonicalPackageBytes(
        content({
          files: [
            { path: "a.lua", content: "" },
            { path: "a.lua", content: "x" },
          ],
        }),
      ),
    ).toThrow('The files lists "a.lua" twice.');
    expect(() => canonicalPackageBytes(content({ files: [{ path: "a.lua", content: "\uD800" }] }))).toThrow("a.lua's content is not well-formed Unicode");
  });
});

describe("the digest", () => {
  it("is the SHA-256 of the canonical form", () => {
    expect(hex()).toBe(createHash("sha256").update(canonicalPackageBytes(content())).digest("hex"));
    expect(packageDigest(content())).toHaveLength(32);
  });

  it("does not depend on the order of files or permissions", () => {
    const reordered = content({ files: [...content().files].reverse(), permissions: ["chat.read", "network"] });
    expect(digestHex(packageDigest(reordered))).toBe(hex());
  });

  it("changes with one byte of a file, a path, a permission, an optional permission, the id, the version or the publisher", () => {
    const base = hex();
    const changed = [
      hex({ files: [content().files[0]!, { path: "main.lua", content: "chats.on('message', function(n) end)\n" }] }),
      hex({ files: [content().files[0]!, { path: "Main.lua", content: "chats.on('message', function(m) end)\n" }] }),
      hex({ permissions: ["chat.read", "network", "ai"] }),
      hex({ permissions: ["chat.read"] }),
      hex({ optionalPermissions: [] }),
      hex({ id: "shout-outs" }),
      hex({ version: "1.2.1" }),
      hex({ publisherId: "4d1c2a7e-0000-4000-8000-000000000002" }),
    ];
    for (const digest of changed) expect(digest).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });
});

describe("signedContentOf", () => {
  it("takes id, version and permissions from the package's plugin.json", () => {
    const read = signedContentOf({ publisherId: content().publisherId, files: content().files });
    expect(read).toMatchObject({ id: "shout-out", version: "1.2.0", permissions: ["chat.read", "network"], optionalPermissions: ["ai"] });
    expect(digestHex(packageDigest(read))).toBe(hex());
  });

  it("refuses a package without plugin.json or with a manifest that is not an object", () => {
    expect(() => signedContentOf({ publisherId: "p", files: [{ path: "main.lua", content: "" }] })).toThrow("The package has no plugin.json.");
    expect(() => signedContentOf({ publisherId: "p", files: [{ path: "plugin.json", content: "[]" }] })).toThrow("plugin.json is not a JSON object.");
    expect(() => signedContentOf({ publisherId: "p", files: [{ path: "plugin.json", content: '{"id":"a","version":"1.0.0","permissions":"ai"}' }] })).toThrow(
      "plugin.json's permissions is not a list of names.",
    );
  });
});
