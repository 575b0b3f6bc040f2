/**
 * A tiny authoritative DNS server on UDP loopback for the domain checks'
 * tests (DOMAIN_CHECK_DNS_SERVERS points the service at it): it answers TXT
 * and A questions from a table, NODATA for a known name without that type,
 * NXDOMAIN for the rest — real DNS messages, read by node:dns as any answer.
 */
import { createSocket, type Socket } from "node:dgram";
import { isIPv4 } from "node:net";

export interface Zone {
  /** TXT records by name; each record is one or more strings (a long value split as DNS splits it). */
  txt?: Record<string, string[][]>;
  a?: Record<string, string[]>;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, as DOMAIN_CHECK_DNS_SERVERS takes it. */
  address: string;
  zone: Required<Zone>;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_TXT = 16;

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString("latin1"));
    at += 1 + length;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function answer(query: Buffer, zone: Required<Zone>): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const known = name in zone.txt || name in zone.a;
  const rdatas: Buffer[] = [];
  if (type === TYPE_TXT) {
    for (const strings of zone.txt[name] ?? []) {
      rdatas.push(Buffer.concat(strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)]))));
    }
  } else if (type === TYPE_A) {
    for (const address of (zone.a[name] ?? []).filter((a) => isIPv4(a))) rdatas.push(Buffer.from(address.split(".").map(Number)));
  }
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (known ? 0 : 3), 2); // QR, AA, RD echoed; NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(rdatas.length, 6);
  const records = rdatas.map((rdata) => {
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(type, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...records]);
}

export async function startDnsServer(zone: Zone = {}): Promise<DnsServer> {
  const table = { txt: zone.txt ?? {}, a: zone.a ?? {} };
  const socket: Socket = createSocket("udp4");
  socket.on("message", (query, peer) => {
    try {
      socket.send(answer(query, table), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    zone: table,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
