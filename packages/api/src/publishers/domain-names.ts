/**
 * Which domains a publisher may claim, and which addresses the service will
 * connect to for a well-known file: public ones only, so a domain check can
 * never reach the service's own network (SSRF). The test-only setting
 * DOMAIN_CHECK_ALLOW_LOCAL lets loopback names with a port through, nothing else.
 */
import { BlockList, isIP } from "node:net";
import { badRequest, publisherLimits } from "@streamkit/api-contract";

export interface ClaimedDomain {
  /** As stored and shown: the hostname, with `:port` only under the test setting. */
  domain: string;
  host: string;
  port: number | null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function refuse(domain: string, why: string) {
  return badRequest(`"${domain}" is not a domain you can verify: ${why}`, [{ path: "domain", message: why }]);
}

/** A claimed domain checked for shape: a public DNS name like example.com (lower case, no scheme, path, port or IP address). */
export function parseDomain(input: string, allowLocal: boolean): ClaimedDomain {
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (allowLocal) {
    const local = /^(.+?):(\d{1,5})$/.exec(domain);
    if (local && (LOCAL_NAMES.has(local[1]!) || isName(local[1]!))) {
      const port = Number(local[2]);
      if (port >= 1 && port <= 65535) return { domain, host: local[1]!.replace(/^\[|\]$/g, ""), port };
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain) || domain.includes("/"))
    throw refuse(domain, "enter the name alone, like example.com, without https:// or a path.");
  if (isIP(domain) || isIP(domain.replace(/^\[|\]$/g, ""))) throw refuse(domain, "an IP address cannot be verified; use a domain name.");
  if (domain.includes(":")) throw refuse(domain, "leave out the port.");
  if (!isName(domain)) throw refuse(domain, "use a domain name like example.com (letters, digits, hyphens and dots).");
  return { domain, host: domain, port: null };
}

function isName(name: string): boolean {
  if (name.length > publisherLimits.maxDomainLength) return false;
  const labels = name.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  // The top-level label is never all digits (that would be an IPv4 address).
  return /[a-z]/.test(labels.at(-1)!);
}

const blocked = new BlockList();
const loopback = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Why the service will not connect to `address`, or null when it may (a public address; loopback too under the test setting). */
export function refusedAddress(address: string, allowLocal: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  const [value, type] = mapped ? [mapped, "ipv4" as const] : [address, family === 4 ? ("ipv4" as const) : ("ipv6" as const)];
  if (loopback.check(value, type)) return allowLocal ? null : "a loopback address";
  if (blocked.check(value, type)) return "a private, link-local or reserved address";
  return null;
}
