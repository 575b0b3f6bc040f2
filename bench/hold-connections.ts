/**
 * An attacker for the floods suite, in a process of its own (so its sockets
 * count against its own file limit, not the suite's): keeps COUNT connections
 * to 127.0.0.1:PORT open from the local address FROM, reopening each one a
 * second after it closes. MODE `idle` sends nothing; `slowloris` sends a
 * request line and then one more header line every two seconds, never ending
 * the headers. On SIGTERM it prints what happened as one JSON line.
 */
import { connect, type Socket } from "node:net";

const port = Number(process.env.PORT);
const from = process.env.FROM ?? "127.0.0.1";
const count = Number(process.env.COUNT ?? 1000);
const mode = process.env.MODE === "slowloris" ? "slowloris" : "idle";

const stats = { opened: 0, closedByServer: 0, errors: 0, open: 0, maxOpen: 0 };
let stopping = false;

function open(): void {
  if (stopping) return;
  const socket: Socket = connect({ host: "127.0.0.1", port, localAddress: from });
  let drip: NodeJS.Timeout | undefined;
  let connected = false;
  socket.on("connect", () => {
    connected = true;
    stats.opened++;
    stats.open++;
    stats.maxOpen = Math.max(stats.maxOpen, stats.open);
    if (mode === "slowloris") {
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      drip = setInterval(() => socket.write(`X-Slow-${Math.random().toString(36).slice(2, 6)}: 1\r\n`), 2000);
    }
  });
  socket.on("data", () => {});
  socket.on("error", () => stats.errors++);
  socket.on("close", () => {
    clearInterval(drip);
    if (connected) {
      stats.open--;
      if (!stopping) stats.closedByServer++;
    }
    setTimeout(open, 1000);
  });
}

// Opened in batches, so the listen queue is not overrun at the start.
let started = 0;
const batch = setInterval(() => {
  for (let i = 0; i < 500 && started < count; i++, started++) open();
  if (started >= count) clearInterval(batch);
}, 50);

process.on("SIGTERM", () => {
  stopping = true;
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  process.exit(0);
});
