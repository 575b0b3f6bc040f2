/**
 * Which domains a publisher may claim and which addresses a domain check may
 * connect to (publishers/domain-names.ts), and the test-only setting that
 * loosens both being refused in production (shared/env.ts).
 */
import { describe, expect, it } from "vitest";
import { parseDomain, refusedAddress } from "../../src/publishers/domain-names";
import { loadEnv } from "../../src/shared/env";

describe("refusedAddress", () => {
  it.each([
    ["93.184.216.34", null],
    ["2606:2800:220:1:248:1893:25c8:1946", null],
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["10.1.2.3", "a private, link-local or reserved address"],
    ["172.16.0.1", "a private, link-local or reserved address"],
    ["192.168.1.1", "a private, link-local or reserved address"],
    ["169.254.169.254", "a private, link-local or reserved address"],
    ["100.64.0.1", "a private, link-local or reserved address"],
    ["0.0.0.0", "a private, link-local or reserved address"],
    ["224.0.0.1", "a private, link-local or reserved address"],
    ["::ffff:10.0.0.1", "a private, link-local or reserved address"],
    ["fd00::1", "a private, link-local or reserved address"],
    ["fe80::1", "a private, link-local or reserved address"],
    ["::", "a private, link-local or reserved address"],
  ])("%s → %s", (address, expected) => {
    expect(refusedAddress(address, false)).toBe(expected);
  });

  it("lets loopback through only under the test setting, and never a private address", () => {
    expect(refusedAddress("127.0.0.1", true)).toBeNull();
    expect(refusedAddress("::1", true)).toBeNull();
    expect(refusedAddress("10.0.0.1", true)).toBe("a private, link-local or reserved address");
  });
});

describe("parseDomain", () => {
  it("takes a domain name, lower-cased, without a trailing dot", () => {
    expect(parseDomain(" Example.COM. ", false)).toEqual({ domain: "example.com", host: "example.com", port: null });
    expect(parseDomain("xn--bcher-kva.example", false).host).toBe("xn--bcher-kva.example");
  });

  it.each(["http://example.com", "example.com/x", "93.184.216.34", "[::1]", "example.com:443", "localhost", "-bad.example", "a..b", "example.123"])(
    "refuses %s",
    (input) => {
      expect(() => parseDomain(input, false)).toThrow(/is not a domain you can verify/);
    },
  );

  it("takes a loopback name or a domain with a port only under the test setting", () => {
    expect(parseDomain("localhost:8080", true)).toEqual({ domain: "localhost:8080", host: "localhost", port: 8080 });
    expect(parseDomain("site.test:4000", true)).toEqual({ domain: "site.test:4000", host: "site.test", port: 4000 });
    expect(() => parseDomain("localhost:8080", false)).toThrow();
    expect(() => parseDomain("localhost:99999", true)).toThrow();
  });
});

describe("DOMAIN_CHECK_ALLOW_LOCAL", () => {
  it("is off by default and refused under NODE_ENV=production", () => {
    expect(loadEnv({ NODE_ENV: "production" }).DOMAIN_CHECK_ALLOW_LOCAL).toBe("off");
    expect(loadEnv({ NODE_ENV: "test", DOMAIN_CHECK_ALLOW_LOCAL: "on" }).DOMAIN_CHECK_ALLOW_LOCAL).toBe("on");
    expect(() => loadEnv({ NODE_ENV: "production", DOMAIN_CHECK_ALLOW_LOCAL: "on" })).toThrow(/DOMAIN_CHECK_ALLOW_LOCAL: `on` is for tests only/);
  });

  it("checks the DNS servers' shape", () => {
    expect(loadEnv({ DOMAIN_CHECK_DNS_SERVERS: "1.1.1.1,127.0.0.1:5353" }).DOMAIN_CHECK_DNS_SERVERS).toBe("1.1.1.1,127.0.0.1:5353");
    expect(() => loadEnv({ DOMAIN_CHECK_DNS_SERVERS: "dns.example" })).toThrow(/DOMAIN_CHECK_DNS_SERVERS/);
  });
});
