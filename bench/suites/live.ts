/**
 * The OBS browser source's event stream (issue 29), on the production build,
 * each figure beside a bare node:http server doing the least of the same work
 * (bench/live-ceiling-server.ts: the same frame bytes, a heartbeat timer per
 * stream, a NOTIFY relayed as an event):
 * - idle sources: 5,000 streams (50 overlays × 100) held by one process — its
 * resident memory before and after, and its CPU at rest (over 25 s, one heartbeat period);
 * - save to screen: two processes on one database, streams on B, saves through
 *   A's PUT /api/v1/overlays/{id} with Pro keys, one after another — from the
 *   save's answer to the frame's arrival on every stream of the overlay;
 *   the ceiling times a NOTIFY's return to its event;
 * - a test alert to screen (issue 29 part 4's bench (c)): the same two processes, streams on B, test alerts fired
 *   through A's POST /api/v1/overlays/{id}/test-alerts one after another — from the answer (202) to the `alert`
 *   event's arrival on every stream of the overlay; beside the same bare NOTIFY relay as for saves;
 * - a reconnect storm: 2,000 streams, their process stopped (SIGTERM) and a new
 *   one started on the port, the client reconnecting as EventSource does
 *   (after the advised `retry`, with Last-Event-ID) — until every stream is open again.
 *
 * Connections: the server trusts loopback as a proxy (TRUSTED_PROXIES), and
 * its cap of connections per address counts socket peers other than trusted
 * proxies, so 127.0.0.1 is not capped; the streams still carry X-Forwarded-For
 * from many addresses, as clients behind a proxy would. API keys are held to
 * the plan's 10 requests a minute: every account makes at most 9.
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { predefinedOverlays } from "@streamkit/overlay";
import postgres from "postgres";
import { generateApiKey } from "../../packages/api/src/accounts/api-key-format";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { quantiles, writeResults } from "../lib/report";
import { EventStream, type StreamOptions } from "../lib/sse";

const PORTS = { a: 3310, b: 3311, ceiling: 3312 };
const IDLE = { accounts: 10, overlaysPerAccount: 5, streamsPerOverlay: 100 };
const LATENCY = { accounts: 25, streamsPerOverlay: 2, saves: 200 };
/** Test alerts: fresh accounts (each makes its overlay and 8 alerts, within the plan's 10 requests and the overlay's 10 alerts a minute). */
const ALERTS = { accounts: 25, streamsPerOverlay: 2, alerts: 200 };
const STORM = { overlays: 20, streamsPerOverlay: 100 };
/** Issue 29's goals. */
const GOALS = { idleSources: 5000, idleExtraMiB: 300, idleCpuPercent: 1, saveToScreenP99Ms: 250, testAlertP99Ms: 250 };
/** CPU at rest is measured over one heartbeat period (SOURCE_EVENTS.heartbeatMs): every stream's timer fires exactly once in it, as at rest for good. */
const REST_SECONDS = 25;
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const forwardedFor = (i: number) => ({ "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.9` });

function rssMiB(pid: number): number {
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return Math.round(kib / 102.4) / 10;
}

/** The process's CPU time so far (user + system), in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function cpuPercentOver(pid: number, seconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  await pause(seconds * 1000);
  return Math.round(((cpuSeconds(pid) - before) / seconds) * 10_000) / 100;
}

/**
 * Opens one stream per URL, at most `parallel` opening at once, each counted
 * open once its first frame arrived: the streams, how many failed, and the seconds it took.
 */
async function openAll(urls: string[], options: Omit<StreamOptions, "onEvent" | "onEnd"> & Pick<StreamOptions, "onEvent">, parallel = 100) {
  const streams: EventStream[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < urls.length) {
        const i = next++;
        await new Promise<void>((done) => {
          let first = true;
          streams[i] = new EventStream(new URL(urls[i]!), {
            ...options,
            headers: { ...options.headers, ...forwardedFor(i) },
            onEvent(event, stream) {
              if (first) {
                first = false;
                done();
              }
              options.onEvent?.(event, stream);
            },
            onEnd() {
              if (first) {
                first = false;
                failed++;
                done();
              }
            },
          });
        });
      }
    }),
  );
  return { streams, failed, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/**
 * (a) `urls.length` idle streams held by the process `pid`: its memory fresh, after a warm-up
 * (one stream per overlay opened and closed: the drawings made, the LISTEN connection open),
 * and with all open; its CPU at rest with none and with all.
 */
async function idleSources(pid: number, urls: string[], warmUrls: string[], seconds: number) {
  const restSeconds = Math.max(seconds, REST_SECONDS);
  const rssFreshMiB = rssMiB(pid);
  const warm = await openAll(warmUrls, {});
  for (const stream of warm.streams) stream.close();
  await pause(2000);
  const rssBeforeMiB = rssMiB(pid);
  const cpuPercentWithNone = await cpuPercentOver(pid, restSeconds);
  const { streams, failed, seconds: openSeconds } = await openAll(urls, {});
  await pause(2000);
  const rssOpenMiB = rssMiB(pid);
  const cpuPercentAtRest = await cpuPercentOver(pid, restSeconds);
  const rssAfterMiB = rssMiB(pid);
  const openAtEnd = streams.filter((s) => s.open).length;
  for (const stream of streams) stream.close();
  await pause(3000);
  return {
    streams: urls.length,
    opened: urls.length - failed,
    failed,
    openAtEnd,
    openSeconds,
    rssFreshMiB,
    rssBeforeMiB,
    rssOpenMiB,
    rssAfterMiB,
    // Against the process as it started: the warm-up's one-off costs count too.
    extraMiB: Math.round((rssAfterMiB - rssFreshMiB) * 10) / 10,
    perSourceKiB: Math.round(((rssAfterMiB - rssBeforeMiB) * 1024) / (urls.length - failed || 1)),
    restSeconds,
    cpuPercentWithNone,
    cpuPercentAtRest,
  };
}

/** `streams` URLs per overlay, each from `url(overlay, i)`. */
const streamsOf = <T>(list: T[], streams: number, url: (item: T, i: number) => string) =>
  list.map((item, i) => Array.from({ length: streams }, () => url(item, i)));

/** The ceiling's side of a latency run: the bare server relays a NOTIFY on `bench_live` (`<prefix><overlay>`) to that overlay's streams as its next id. */
function ceilingToScreen(sql: postgres.Sql, ceiling: string, prefix: string, overlays: number, streams: number, count: number) {
  const ids = Array.from({ length: overlays }, () => 1);
  return saveToScreen(
    streamsOf(ids, streams, (_, i) => `${ceiling}/events/${prefix}${i}`),
    count,
    async (overlay) => {
      await sql.notify("bench_live", `${prefix}${overlay}`);
      ids[overlay]! += 1;
      return String(ids[overlay]);
    },
  );
}

/** One latency table: ours beside the ceiling, `noun` what was sent. */
function latencyTable(results: Record<string, Awaited<ReturnType<typeof saveToScreen>>>, noun: string) {
  console.table(
    Object.entries(results).map(([server, r]) => ({
      server,
      streams: r.streams,
      [noun]: r.saves,
      "missed/errors": r.missed + r.errors,
      "p50 ms": r.answerToScreenMs.p50,
      "p99 ms": r.answerToScreenMs.p99,
      "max ms": r.answerToScreenMs.max,
      "from send p50": r.sendToScreenMs.p50,
      "from send p99": r.sendToScreenMs.p99,
    })),
  );
}

/**
 * (b) Streams on `urls` (a list per overlay, in order), then `saves` saves one after
 * another, overlay after overlay: `save(overlay)` answers the rev its frame will carry once
 * done; timed from its return to the frame's arrival on the last stream of the overlay.
 * `keyOf` names an event as `save` names what it waits for (the frame's id by default; a test alert's id for alerts).
 */
async function saveToScreen(
  urls: string[][],
  saves: number,
  save: (overlay: number) => Promise<string>,
  keyOf: (event: { event: string; id?: string; data: string }) => string | undefined = (event) => event.id,
) {
  const arrivals = new Map<string, number[]>();
  let waiter: { key: string; count: number; done: () => void } | undefined;
  const flat = urls.flatMap((list, overlay) => list.map((url) => ({ url, overlay })));
  const { streams, failed } = await openAll(
    flat.map((s) => s.url),
    {},
  );
  // The first frames are in: from here on each stream records when each rev arrives.
  streams.forEach((stream, i) => {
    const overlay = flat[i]!.overlay;
    stream.options.onEvent = (event) => {
      const name = keyOf(event);
      if (name === undefined) return;
      const key = `${overlay}:${name}`;
      const list = arrivals.get(key) ?? [];
      list.push(performance.now());
      arrivals.set(key, list);
      if (waiter?.key === key && list.length >= waiter.count) waiter.done();
    };
  });
  const afterAnswer: number[] = [];
  const afterSend: number[] = [];
  let missed = 0;
  let errors = 0;
  for (let i = 0; i < saves; i++) {
    const overlay = i % urls.length;
    const count = urls[overlay]!.length;
    const sent = performance.now();
    let rev: string;
    try {
      rev = await save(overlay);
    } catch (error) {
      errors++;
      if (errors === 1) console.error(error);
      continue;
    }
    const answered = performance.now();
    const key = `${overlay}:${rev}`;
    const arrived = await new Promise<boolean>((resolve) => {
      if ((arrivals.get(key)?.length ?? 0) >= count) return resolve(true);
      const timer = setTimeout(() => resolve(false), 10_000);
      waiter = {
        key,
        count,
        done: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
    waiter = undefined;
    if (!arrived) {
      missed++;
      continue;
    }
    const last = Math.max(...arrivals.get(key)!);
    afterAnswer.push(last - answered);
    afterSend.push(last - sent);
  }
  for (const stream of streams) stream.close();
  return {
    streams: flat.length,
    overlays: urls.length,
    failedToOpen: failed,
    saves,
    errors,
    missed,
    answerToScreenMs: quantiles(afterAnswer),
    sendToScreenMs: quantiles(afterSend),
    // A frame can reach the stream before the save's answer reaches its client.
    beforeTheAnswer: afterAnswer.filter((ms) => ms < 0).length,
  };
}

/**
 * (c) `urls` held with EventSource's reconnection; `restart` stops their process and starts
 * another on the port. Timed from the stop: every stream open again (200 and its first bytes).
 */
async function reconnectStorm(urls: string[], restart: () => Promise<{ exitedMs: number; startedMs: number }>) {
  let stoppedAt = Number.POSITIVE_INFINITY;
  const reopened: number[] = [];
  let measuring = false;
  let ends = 0;
  let failedAttempts = 0;
  let framesAfter = 0;
  let allBack: () => void = () => {};
  const back = new Promise<void>((resolve) => {
    allBack = resolve;
  });
  const { streams, failed } = await openAll(urls, {
    reconnect: true,
    onEvent() {
      if (measuring) framesAfter++;
    },
  });
  for (const stream of streams) {
    const { options } = stream;
    options.onEnd = (_, error) => {
      if (!measuring) return;
      if (error) failedAttempts++;
      else ends++;
    };
    options.onOpen = () => {
      if (!measuring) return;
      reopened.push(performance.now() - stoppedAt);
      if (reopened.length === streams.length) allBack();
    };
  }
  stoppedAt = performance.now();
  measuring = true;
  const restarted = await restart();
  const timedOut = await Promise.race([back.then(() => false), pause(120_000).then(() => true)]);
  measuring = false;
  for (const stream of streams) stream.close();
  const times = quantiles(reopened);
  await pause(2000);
  return {
    streams: urls.length,
    failedToOpen: failed,
    reopened: reopened.length,
    timedOut,
    oldProcessExitedMs: restarted.exitedMs,
    newProcessStartedMs: restarted.startedMs,
    firstBackMs: Math.round(Math.min(...reopened)),
    allBackMs: Math.round(times.max),
    p50BackMs: Math.round(times.p50),
    /** Streams the old process ended, and reconnections that failed (refused, or not 200). */
    ends,
    failedAttempts,
    framesResentOnReconnect: framesAfter,
  };
}

/** Stops `child` and waits for it to exit; the milliseconds that took. */
async function stopAndWait(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stopProcess(child);
  await exited;
  return Math.round(performance.now() - started);
}

/** `count` Pro accounts with one key each (inventory:write), written straight into the bench's database: their Authorization headers. */
async function proKeys(sql: postgres.Sql, label: string, count: number): Promise<string[]> {
  const accounts = await sql<{ id: string }[]>`
    insert into accounts (name, email, plan)
    select 'Live Bench ' || g, 'live-bench-' || ${label} || '-' || g || '-' || ${Date.now()} || '@bench.example', 'pro' from generate_series(1, ${count}) g
    returning id`;
  const keys = accounts.map(({ id }) => ({ accountId: id, ...generateApiKey() }));
  await sql`
    insert into api_keys (account_id, name, prefix, hash, scopes)
    select account_id::uuid, 'bench', prefix, hash, '{inventory:write}'::text[]
    from unnest(${keys.map((k) => k.accountId)}::text[], ${keys.map((k) => k.prefix)}::text[], ${keys.map((k) => k.hash)}::text[]) as k(account_id, prefix, hash)`;
  return keys.map((k) => `Bearer ${k.key}`);
}

async function api(origin: string, authorization: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text).item as { id: string; rev: number; browserSource: { token: string } };
}

const textDocument = (text: string) => ({
  schema: 1,
  canvas: { width: 1280, height: 720 },
  layers: [
    {
      type: "text",
      id: "title",
      name: "Title",
      frame: { x: 40, y: 40, w: 800, h: 80 },
      props: { text, fontFamily: "Inter", fontSize: 48, fill: { kind: "solid", color: "#ffffff" } },
    },
  ],
});

export async function liveSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const appEnv = { TRUSTED_PROXIES: "loopback" };
  const a = startApp(ctx, PORTS.a, appEnv);
  let b: ChildProcess | undefined;
  let ceiling: ChildProcess | undefined;
  const sql = postgres(ctx.databaseUrl, { max: 2, onnotice: () => {} });
  const startCeiling = (frameFile: string) =>
    startProcess("node", ["--import", "tsx", "bench/live-ceiling-server.ts"], {
      cwd: ctx.repoRoot,
      env: { DATABASE_URL: ctx.databaseUrl, PORT: String(PORTS.ceiling), BENCH_FRAME_FILE: frameFile },
      name: "ceiling",
    });
  try {
    // One after the other: the first start seeds the fresh database.
    await waitForOk(`${origin(PORTS.a)}/api/v1/catalog/overlays?limit=1`);
    b = startApp(ctx, PORTS.b, appEnv);
    await waitForOk(`${origin(PORTS.b)}/api/v1/catalog/overlays?limit=1`);
    const bPid = b.pid!;

    // Overlays made through A's API: 5 per account for the idle streams (the catalogue's follower goal), 1 per account for the saves.
    const document = predefinedOverlays.find((overlay) => overlay.slug === "follower-goal")!.document;
    const idleKeys = await proKeys(sql, "idle", IDLE.accounts);
    const idleOverlays = (
      await Promise.all(
        idleKeys.map(async (key, k) => {
          const made = [];
          for (let i = 0; i < IDLE.overlaysPerAccount; i++)
            made.push(await api(origin(PORTS.a), key, "POST", "/overlays", { name: `idle ${k}.${i}`, document }));
          return made;
        }),
      )
    ).flat();
    const saveKeys = await proKeys(sql, "saves", LATENCY.accounts);
    const saveOverlays = await Promise.all(
      saveKeys.map((key, k) => api(origin(PORTS.a), key, "POST", "/overlays", { name: `saves ${k}`, document: textDocument("Save 0") })),
    );
    const frameFile = join(tmpdir(), `live-frame-${Date.now()}.json`);
    writeFileSync(frameFile, await (await fetch(`${origin(PORTS.a)}/api/overlay-source/${idleOverlays[0]!.browserSource.token}`)).text());
    ceiling = startCeiling(frameFile);
    await waitForOk(`${origin(PORTS.ceiling)}/ready`);

    const eventsUrl = (port: number, token: string) => `${origin(port)}/api/overlay-source/${token}/events`;
    const idleUrls = idleOverlays.flatMap((o) => Array.from({ length: IDLE.streamsPerOverlay }, () => eventsUrl(PORTS.b, o.browserSource.token)));
    const idleCeilingUrls = idleOverlays.flatMap((_, o) => Array.from({ length: IDLE.streamsPerOverlay }, () => `${origin(PORTS.ceiling)}/events/idle${o}`));
    console.log(`\n(a) ${idleUrls.length} idle streams on one process…`);
    const idle = {
      ours: await idleSources(
        bPid,
        idleUrls,
        idleOverlays.map((o) => eventsUrl(PORTS.b, o.browserSource.token)),
        ctx.seconds,
      ),
      ceiling: await idleSources(
        ceiling.pid!,
        idleCeilingUrls,
        idleOverlays.map((_, o) => `${origin(PORTS.ceiling)}/events/idle${o}`),
        ctx.seconds,
      ),
    };
    console.table(
      Object.entries(idle).map(([server, r]) => ({
        server,
        opened: r.opened,
        "open s": r.openSeconds,
        "RSS fresh MiB": r.rssFreshMiB,
        "RSS warm MiB": r.rssBeforeMiB,
        "RSS after MiB": r.rssAfterMiB,
        "extra MiB": r.extraMiB,
        "KiB/source": r.perSourceKiB,
        "rest s": r.restSeconds,
        "CPU % none": r.cpuPercentWithNone,
        "CPU % at rest": r.cpuPercentAtRest,
      })),
    );

    console.log(`\n(b) ${LATENCY.saves} saves through A, streams on B…`);
    const revs = saveOverlays.map((o) => o.rev);
    let saved = 0;
    const oursLatency = await saveToScreen(
      streamsOf(saveOverlays, LATENCY.streamsPerOverlay, (o) => eventsUrl(PORTS.b, o.browserSource.token)),
      LATENCY.saves,
      async (overlay) => {
        const item = await api(origin(PORTS.a), saveKeys[overlay]!, "PUT", `/overlays/${saveOverlays[overlay]!.id}`, {
          baseRev: revs[overlay],
          document: textDocument(`Save ${++saved}`),
        });
        revs[overlay] = item.rev;
        return String(item.rev);
      },
    );
    const ceilingLatency = await ceilingToScreen(sql, origin(PORTS.ceiling), "save", saveOverlays.length, LATENCY.streamsPerOverlay, LATENCY.saves);
    const latency = { ours: oursLatency, ceiling: ceilingLatency };
    latencyTable(latency, "saves");

    console.log(`\n(d) ${ALERTS.alerts} test alerts through A, streams on B…`);
    const alertKeys = await proKeys(sql, "alerts", ALERTS.accounts);
    const alertOverlays = await Promise.all(
      alertKeys.map((key, k) => api(origin(PORTS.a), key, "POST", "/overlays", { name: `alerts ${k}`, document: textDocument("{{plugin.alerts.name}}") })),
    );
    let fired = 0;
    // The alert's id opens its event's data, so it is read without parsing the drawing.
    const alertId = (event: { event: string; data: string }) => (event.event === "alert" ? /^\{"id":"([^"]+)"/.exec(event.data)?.[1] : undefined);
    const oursAlerts = await saveToScreen(
      streamsOf(alertOverlays, ALERTS.streamsPerOverlay, (o) => eventsUrl(PORTS.b, o.browserSource.token)),
      ALERTS.alerts,
      async (overlay) => {
        const response = await fetch(`${origin(PORTS.a)}/api/v1/overlays/${alertOverlays[overlay]!.id}/test-alerts`, {
          method: "POST",
          headers: { authorization: alertKeys[overlay]!, "content-type": "application/json" },
          body: JSON.stringify({ alert: { type: "follow", name: `Follower ${++fired}` } }),
        });
        const text = await response.text();
        if (response.status !== 202) throw new Error(`test alert: ${response.status} ${text}`);
        return JSON.parse(text).alert.id as string;
      },
      alertId,
    );
    const ceilingAlerts = await ceilingToScreen(sql, origin(PORTS.ceiling), "alert", alertOverlays.length, ALERTS.streamsPerOverlay, ALERTS.alerts);
    const alerts = { ours: oursAlerts, ceiling: ceilingAlerts };
    latencyTable(alerts, "alerts");

    console.log(`\n(c) a reconnect storm of ${STORM.overlays * STORM.streamsPerOverlay} streams…`);
    const stormOverlays = idleOverlays.slice(0, STORM.overlays);
    const stormUrls = stormOverlays.flatMap((o) => Array.from({ length: STORM.streamsPerOverlay }, () => eventsUrl(PORTS.b, o.browserSource.token)));
    const stormCeilingUrls = stormOverlays.flatMap((_, o) =>
      Array.from({ length: STORM.streamsPerOverlay }, () => `${origin(PORTS.ceiling)}/events/storm${o}`),
    );
    const restartWith = (stop: () => ChildProcess, start: () => ChildProcess, ready: string) => async () => {
      const started = performance.now();
      const exitedMs = await stopAndWait(stop());
      start();
      await waitForOk(ready, 60_000).catch(() => {});
      return { exitedMs, startedMs: Math.round(performance.now() - started) };
    };
    const oursStorm = await reconnectStorm(
      stormUrls,
      restartWith(
        () => b!,
        () => (b = startApp(ctx, PORTS.b, appEnv)),
        `${origin(PORTS.b)}/api/v1/catalog/overlays?limit=1`,
      ),
    );
    const ceilingStorm = await reconnectStorm(
      stormCeilingUrls,
      restartWith(
        () => ceiling!,
        () => (ceiling = startCeiling(frameFile)),
        `${origin(PORTS.ceiling)}/ready`,
      ),
    );
    const storm = { ours: oursStorm, ceiling: ceilingStorm };
    console.table(
      Object.entries(storm).map(([server, r]) => ({
        server,
        streams: r.streams,
        reopened: r.reopened,
        "old exited ms": r.oldProcessExitedMs,
        "new started ms": r.newProcessStartedMs,
        "first back ms": r.firstBackMs,
        "p50 back ms": r.p50BackMs,
        "all back ms": r.allBackMs,
        ends: r.ends,
        "failed attempts": r.failedAttempts,
        "frames resent": r.framesResentOnReconnect,
      })),
    );

    const verdicts = {
      idleSources: `${idle.ours.opened} of ${GOALS.idleSources} open on one process: ${idle.ours.opened >= GOALS.idleSources ? "met" : "not met"}`,
      idleMemory: `${idle.ours.extraMiB} MiB more than idle (goal ≤ ${GOALS.idleExtraMiB}): ${idle.ours.extraMiB <= GOALS.idleExtraMiB ? "met" : "not met"}`,
      idleCpu: `${idle.ours.cpuPercentAtRest} % CPU at rest (goal ≤ ${GOALS.idleCpuPercent}): ${idle.ours.cpuPercentAtRest <= GOALS.idleCpuPercent ? "met" : "not met"}`,
      saveToScreen: `p99 ${latency.ours.answerToScreenMs.p99} ms (goal < ${GOALS.saveToScreenP99Ms}): ${latency.ours.answerToScreenMs.p99 < GOALS.saveToScreenP99Ms && latency.ours.missed === 0 ? "met" : "not met"}`,
      testAlertToScreen: `p99 ${alerts.ours.answerToScreenMs.p99} ms (goal < ${GOALS.testAlertP99Ms}): ${alerts.ours.answerToScreenMs.p99 < GOALS.testAlertP99Ms && alerts.ours.missed === 0 && alerts.ours.errors === 0 ? "met" : "not met"}`,
    };
    console.log("\nIssue 29's goals:");
    for (const line of Object.values(verdicts)) console.log(`- ${line}`);
    const file = writeResults(ctx.repoRoot, "live", { seconds: ctx.seconds, goals: GOALS, verdicts, idle, latency, alerts, storm });
    console.log(`\nwritten to ${file}`);
  } finally {
    await sql.end();
    stopProcess(a);
    stopProcess(b);
    stopProcess(ceiling);
  }
}
