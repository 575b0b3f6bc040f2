/**
 * Assets (issue 30): uploads of a 2 MB picture (POST /api/v1/assets, decoded,
 * re-encoded and stored within the plan's storage) and the serving of a hot
 * picture (GET /api/assets/<sha256>.<ext>: a small badge and the stored photo),
 * 16 connections each, beside bare ceilings in the same run
 * (bench/asset-ceiling-server.ts: the same decode and re-encode and one
 * postgres.js transaction; the bytes from memory). Uploads carry desktop app
 * tokens of 8 Ultimate accounts in turn (1 GiB of storage each; the app's
 * request limit raised for the run, so every request is counted, none refused).
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desktopClient, scopes } from "@streamkit/api-contract";
import { accounts, oauthGrants, openDatabase } from "@streamkit/db";
import sharp from "sharp";
import { issueTokens } from "../../packages/api/src/oauth/oauth-tokens";
import { load } from "../lib/load";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, quantiles, writeResults } from "../lib/report";

/** A photo-like JPEG of about 2 MB: smooth gradients under noise, as a camera's. */
async function photo(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + noise) & 255;
      raw[i + 1] = ((y * 255) / height + noise) & 255;
      raw[i + 2] = (((x + y) * 128) / (width + height) + noise) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A 256×256 badge, the usual overlay picture. */
function badge(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 200, g: 40, b: 120, alpha: 0.8 } } })
    .composite([{ input: Buffer.from('<svg width="256" height="256"><circle cx="128" cy="128" r="100" fill="#ffd000"/></svg>') }])
    .png()
    .toBuffer();
}

/**
 * The OBS source's drawing of an overlay with 20 pictures (the badge, each with a corner radius): after each of 50
 * saves, the feed's first answer draws it (the live document read, the pictures resolved in one query, the SVG made)
 * and the next answers the kept drawing — the ceiling, the same request with nothing to draw. In milliseconds.
 */
async function drawingOfTwentyPictures(base: string, headers: Record<string, string>, assetId: string) {
  const documentAt = (shift: number) => ({
    schema: 1,
    canvas: { width: 1920, height: 1080 },
    layers: Array.from({ length: 20 }, (_, i) => ({
      type: "picture",
      id: `picture-${i}`,
      name: `Picture ${i}`,
      frame: { x: (i % 5) * 380 + shift, y: Math.floor(i / 5) * 260, w: 360, h: 240 },
      props: { source: { kind: "asset", id: assetId }, fit: "cover", radius: 12 },
    })),
  });
  const json = { ...headers, "content-type": "application/json" };
  const created = await fetch(`${base}/api/v1/overlays`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "Twenty pictures", document: documentAt(0) }),
  });
  if (created.status !== 201) throw new Error(`creating the overlay answered ${created.status}: ${await created.text()}`);
  const { item } = (await created.json()) as { item: { id: string; rev: number; browserSource: { token: string } } };
  const feed = `${base}/api/overlay-source/${item.browserSource.token}`;
  const timed = async () => {
    const started = performance.now();
    const answer = await fetch(feed);
    const { svg } = (await answer.json()) as { svg: string };
    if ((svg.match(/<image /g) ?? []).length !== 20) throw new Error("the feed did not draw the 20 pictures");
    return performance.now() - started;
  };
  const drawn: number[] = [];
  const kept: number[] = [];
  let rev = item.rev;
  for (let i = 1; i <= 50; i++) {
    const saved = await fetch(`${base}/api/v1/overlays/${item.id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ baseRev: rev, document: documentAt(i) }),
    });
    if (saved.status !== 200) throw new Error(`a save answered ${saved.status}: ${await saved.text()}`);
    rev = ((await saved.json()) as { item: { rev: number } }).item.rev;
    drawn.push(await timed());
    kept.push(await timed());
  }
  return { drawn: quantiles(drawn), kept: quantiles(kept) };
}

export async function assetsSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3212";
  const ceiling = "http://127.0.0.1:3213";
  const app = startApp(ctx, 3212, { APP_RATE_LIMIT_PER_MINUTE: "100000000" });
  let bare: ReturnType<typeof startProcess> | undefined;
  const database = await openDatabase({ url: ctx.databaseUrl, maxConnections: 2 });
  try {
    await waitForOk(`${ours}/api/v1/catalog/overlays?limit=1`);
    const authorizations: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [account] = await database.db
        .insert(accounts)
        .values({ name: `Asset Bench ${i}`, email: `asset-bench-${i}@example.com`, plan: "ultimate" })
        .returning();
      const [grant] = await database.db
        .insert(oauthGrants)
        .values({ accountId: account!.id, clientId: desktopClient.id, scopes: [...scopes] })
        .returning();
      // An hour is longer than the run.
      authorizations.push(`Bearer ${(await issueTokens(database.db, grant!.id, [...scopes], [...scopes], new Date())).access_token}`);
    }
    const headers = { authorization: authorizations[0]!, "content-type": "application/octet-stream" };
    const upload = await photo();
    const small = await badge();
    const stored = async (bytes: Buffer, name: string) => {
      const answer = await fetch(`${ours}/api/v1/assets?name=${name}`, { method: "POST", headers, body: new Uint8Array(bytes) });
      if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${await answer.text()}`);
      const asset = (await answer.json()) as { id: string; url: string; size: number; contentType: string };
      const served = Buffer.from(await (await fetch(`${ours}${asset.url}`)).arrayBuffer());
      if (served.byteLength !== asset.size) throw new Error(`${asset.url} answered ${served.byteLength} bytes, not ${asset.size}`);
      const file = join(tmpdir(), `asset-bench-${name}-${Date.now()}`);
      writeFileSync(file, served);
      return { ...asset, file };
    };
    const hot = await stored(small, "badge");
    const photoAsset = await stored(upload, "photo");

    const ceilingFor = (asset: { file: string; contentType: string }) =>
      startProcess("node", ["--import", "tsx", "bench/asset-ceiling-server.ts"], {
        cwd: ctx.repoRoot,
        env: { PORT: "3213", DATABASE_URL: ctx.databaseUrl, BENCH_ASSET_FILE: asset.file, BENCH_ASSET_TYPE: asset.contentType },
        name: "ceiling",
      });
    const rows: Comparison[] = [];
    bare = ceilingFor(hot);
    await waitForOk(`${ceiling}/asset`);
    rows.push({
      name: `POST /assets (a ${(upload.byteLength / 1e6).toFixed(1)} MB JPEG, stored ${(photoAsset.size / 1e6).toFixed(1)} MB)`,
      ours: await load(`${ours}/api/v1/assets?name=bench`, {
        seconds: ctx.seconds,
        method: "POST",
        body: upload,
        authorizations,
        headers: { "content-type": "image/jpeg" },
      }),
      ceiling: await load(`${ceiling}/upload`, { seconds: ctx.seconds, method: "POST", body: upload, headers: { "content-type": "image/jpeg" } }),
    });
    rows.push({
      name: `GET /api/assets/… (a hot ${hot.size} B badge)`,
      ours: await load(`${ours}${hot.url}`, { seconds: ctx.seconds }),
      ceiling: await load(`${ceiling}/asset`, { seconds: ctx.seconds }),
    });
    stopProcess(bare);
    bare = ceilingFor(photoAsset);
    await waitForOk(`${ceiling}/asset`);
    rows.push({
      name: `GET /api/assets/… (the hot ${(photoAsset.size / 1e6).toFixed(1)} MB photo)`,
      ours: await load(`${ours}${photoAsset.url}`, { seconds: ctx.seconds }),
      ceiling: await load(`${ceiling}/asset`, { seconds: ctx.seconds }),
    });
    printComparisons("assets: uploads and hot pictures beside bare ceilings (the same decode and re-encode and SQL; the bytes from memory)", rows);
    const drawing = await drawingOfTwentyPictures(ours, headers, hot.id);
    console.log(
      "\nthe OBS source's drawing of an overlay with 20 pictures: its feed's first answer after each save (drawn) beside the next (the kept drawing)",
    );
    console.table([
      { answer: "first after a save (drawn)", ...drawing.drawn },
      { answer: "next (kept)", ...drawing.kept },
    ]);
    console.log(`written to ${writeResults(ctx.repoRoot, "assets", { rows, drawing })}`);
  } finally {
    await database.close();
    stopProcess(bare);
    stopProcess(app);
  }
}
