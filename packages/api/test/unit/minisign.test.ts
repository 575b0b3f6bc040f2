/**
 * Minisign as Tauri v2's updater uses it (src/updater/minisign.ts): signatures
 * made by the reference tools verify, ours have the exact layout of `tauri
 * signer sign`'s output, the same seed signs the same bytes the same way, and
 * any change to the file, the trusted comment or the key fails.
 */
import { describe, expect, it } from "vitest";
import {
  keyIdHex,
  minisignKeyFromSeed,
  minisignPublicKeyText,
  minisignSignatureText,
  signatureKeyId,
  tauriPublicKey,
  tauriSignature,
  verifyMinisign,
} from "../../src/shared/minisign";

/** The prehashed test vector of jedisct1/rust-minisign-verify (the crate Tauri's updater verifies with): the 4 bytes "test". */
const crateVector = {
  publicKey: "untrusted comment: minisign public key E7620F1842B4E81F\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3\n",
  signature: [
    "untrusted comment: signature from minisign secret key",
    "RUQf6LRCGA9i559r3g7V1qNyJDApGip8MfqcadIgT9CuhV3EMhHoN1mGTkUidF/z7SrlQgXdy8ofjb7bNJJylDOocrCo8KLzZwo=",
    "trusted comment: timestamp:1556193335\tfile:test",
    "y/rUw2y8/hOUYjZU71eHp/Wo1KZ40fGy2VJEDl34XMJM+TX48Ss/17u3IvIfbVR1FkZZSNCisQbuQY+bHwhEBg==",
    "",
  ].join("\n"),
  data: Buffer.from("test"),
};

/** Made with the reference C minisign 0.11 (`minisign -G`, then `minisign -S -m d -t hello` over the 3 bytes "abc"): a key id with a leading zero byte. */
const referenceVector = {
  publicKey: "untrusted comment: minisign public key BAFDEFE08AFE55\nRWRV/org7/26AEwcgYAWD71OjFGckx7jrokpL7UOjqOaArG6iJ7z6Qgd\n",
  signature: [
    "untrusted comment: signature from minisign secret key",
    "RURV/org7/26AITMeyoMJP+uHhj7t19hcr9+tDx/HBfjqEPLwAzHBb3HgogItYpdIbKnIokcEiewQ24x7p8E7qJKsVlJKVCdnwc=",
    "trusted comment: hello",
    "Sw+WucVn/5bWJ/B9XcLR+vpCUZpi2OM34zliMMPhMD0I+JId/Pi4DjTeh38zxYKpndd7HW2751IPLs09Io3TAw==",
    "",
  ].join("\n"),
  data: Buffer.from("abc"),
};

const base64 = (text: string) => Buffer.from(text).toString("base64");
const key = minisignKeyFromSeed(Buffer.alloc(32, 7));
const file = Buffer.from("Streamkit_1.0.0_x64-setup.exe bytes\n");
const trustedComment = "timestamp:1768467600\tfile:Streamkit_1.0.0_x64-setup.exe";

describe("verifying signatures the reference tools made", () => {
  it.each([
    ["rust-minisign-verify's test vector", crateVector, "E7620F1842B4E81F", "timestamp:1556193335\tfile:test"],
    ["a signature by minisign 0.11", referenceVector, "BAFDEFE08AFE55", "hello"],
  ])("%s verifies, as written and base64-encoded as Tauri keeps it", (_name, vector, keyId, comment) => {
    const expected = { ok: true, keyId, trustedComment: comment };
    expect(verifyMinisign(vector)).toEqual(expected);
    expect(verifyMinisign({ publicKey: base64(vector.publicKey), signature: base64(vector.signature), data: vector.data })).toEqual(expected);
    expect(signatureKeyId(vector.signature)).toBe(keyId);
  });

  it("refuses them for other bytes, another key, or an edited trusted comment", () => {
    expect(verifyMinisign({ ...crateVector, data: Buffer.from("Test") })).toEqual({ ok: false, reason: "The signature does not match the file." });
    expect(verifyMinisign({ ...crateVector, publicKey: referenceVector.publicKey })).toEqual({
      ok: false,
      reason: "The signature was made with another key.",
    });
    const edited = crateVector.signature.replace("file:test", "file:best");
    expect(verifyMinisign({ ...crateVector, signature: edited })).toEqual({ ok: false, reason: "The trusted comment's signature does not hold." });
  });
});

describe("signing as `tauri signer sign` does", () => {
  it("writes the public key file and Tauri's pubkey: the key id as minisign prints it, then Ed, the id and the 32-byte key", () => {
    const text = minisignPublicKeyText(key);
    const [comment, body, end] = text.split("\n");
    expect(comment).toBe(`untrusted comment: minisign public key: ${keyIdHex(key.keyId)}`);
    expect(end).toBe("");
    const bytes = Buffer.from(body!, "base64");
    expect(bytes).toHaveLength(42);
    expect(bytes.subarray(0, 2).toString()).toBe("Ed");
    expect(bytes.subarray(2, 10).equals(key.keyId)).toBe(true);
    expect(bytes.subarray(10).equals(key.publicKey)).toBe(true);
    expect(Buffer.from(tauriPublicKey(key), "base64").toString()).toBe(text);
    expect(keyIdHex(Buffer.from("55fe8ae0effdba00", "hex"))).toBe("BAFDEFE08AFE55");
  });

  it("writes the four lines of a prehashed signature, base64-encoded once more as a whole", () => {
    const signature = tauriSignature(key, file, { trustedComment, untrustedComment: "signature from tauri secret key" });
    const text = Buffer.from(signature, "base64").toString();
    expect(text).toBe(minisignSignatureText(key, file, { trustedComment, untrustedComment: "signature from tauri secret key" }));
    const lines = text.split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe("untrusted comment: signature from tauri secret key");
    const body = Buffer.from(lines[1]!, "base64");
    expect(body).toHaveLength(74);
    expect(body.subarray(0, 2).toString()).toBe("ED");
    expect(body.subarray(2, 10).equals(key.keyId)).toBe(true);
    expect(lines[2]).toBe(`trusted comment: ${trustedComment}`);
    expect(Buffer.from(lines[3]!, "base64")).toHaveLength(64);
    expect(lines[4]).toBe("");
    expect(verifyMinisign({ publicKey: tauriPublicKey(key), signature, data: file })).toEqual({
      ok: true,
      keyId: keyIdHex(key.keyId),
      trustedComment,
    });
  });

  it("signs the same bytes the same way with the same seed, and differently with another", () => {
    const again = minisignKeyFromSeed(Buffer.alloc(32, 7));
    expect(again.keyId.equals(key.keyId)).toBe(true);
    expect(tauriSignature(again, file, { trustedComment })).toBe(tauriSignature(key, file, { trustedComment }));
    const other = minisignKeyFromSeed(Buffer.alloc(32, 8));
    expect(other.keyId.equals(key.keyId)).toBe(false);
    expect(verifyMinisign({ publicKey: tauriPublicKey(other), signature: tauriSignature(key, file, { trustedComment }), data: file }).ok).toBe(false);
  });

  it("fails for a flipped byte anywhere in the file", () => {
    const signature = tauriSignature(key, file, { trustedComment });
    for (const index of [0, Math.floor(file.length / 2), file.length - 1]) {
      const flipped = Buffer.from(file);
      flipped[index]! ^= 0x01;
      expect(verifyMinisign({ publicKey: tauriPublicKey(key), signature, data: flipped })).toEqual({
        ok: false,
        reason: "The signature does not match the file.",
      });
    }
  });

  it("refuses a comment of several lines, and answers what is not minisign without throwing", () => {
    expect(() => tauriSignature(key, file, { trustedComment: "a\nb" })).toThrow("one line");
    const publicKey = tauriPublicKey(key);
    for (const signature of ["", "signature of 1.2.0", base64("untrusted comment: x\nnot base64!\n"), "%%%"]) {
      expect(verifyMinisign({ publicKey, signature, data: file }).ok).toBe(false);
      expect(signatureKeyId(signature)).toBeNull();
    }
    expect(verifyMinisign({ publicKey: "RWQ=", signature: tauriSignature(key, file, { trustedComment }), data: file })).toEqual({
      ok: false,
      reason: "The public key is not a minisign public key.",
    });
  });
});
