/**
 * Sounds: GET /api/v1/sounds/{id}/audio — the whole 4-second "thunder"
 * (about 176 KB, three 64 KiB chunks from the database) and one 64 KiB range
 * in its middle — beside a bare node:http server streaming the same bytes
 * from a file. The calls carry a desktop app token (sounds:read): API keys
 * are held to the plan's 10 requests a minute, the app's limit is raised for
 * the run (APP_RATE_LIMIT_PER_MINUTE), so the route is counted but never 429.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desktopClient, scopes } from "@streamkit/api-contract";
import { accounts, oauthGrants, openDatabase } from "@streamkit/db";
import { issueTokens } from "../../packages/api/src/oauth/oauth-tokens";
import { load } from "../lib/load";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, writeResults } from "../lib/report";

export async function soundsSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3204";
  const ceiling = "http://127.0.0.1:3205";
  const app = startApp(ctx, 3204, { APP_RATE_LIMIT_PER_MINUTE: "100000000" });
  let bare: ReturnType<typeof startProcess> | undefined;
  const database = await openDatabase({ url: ctx.databaseUrl, maxConnections: 2 });
  try {
    await waitForOk(`${ours}/api/v1/catalog/overlays?limit=1`);
    const [account] = await database.db.insert(accounts).values({ name: "Sound Bench", email: "sound-bench@example.com", plan: "free" }).returning();
    const [grant] = await database.db
      .insert(oauthGrants)
      .values({ accountId: account!.id, clientId: desktopClient.id, scopes: [...scopes] })
      .returning();
    // An hour is longer than the run.
    const token = (await issueTokens(database.db, grant!.id, [...scopes], [...scopes], new Date())).access_token;
    const headers = { authorization: `Bearer ${token}` };

    const list = await fetch(`${ours}/api/v1/sounds?q=thunder`, { headers });
    const sound = ((await list.json()) as { items: { id: string; size: number }[] }).items[0]!;
    const bytes = Buffer.from(await (await fetch(`${ours}/api/v1/sounds/${sound.id}/audio`, { headers })).arrayBuffer());
    if (bytes.length !== sound.size) throw new Error(`the audio answered ${bytes.length} bytes, not ${sound.size}`);
    const file = join(tmpdir(), `sound-bench-${Date.now()}.wav`);
    writeFileSync(file, bytes);
    bare = startProcess("node", ["--import", "tsx", "bench/sound-ceiling-server.ts"], {
      cwd: ctx.repoRoot,
      env: { PORT: "3205", BENCH_AUDIO_FILE: file },
      name: "ceiling",
    });
    await waitForOk(`${ceiling}/`);

    const middle = { range: "bytes=65536-131071" };
    const rows: Comparison[] = [
      {
        name: `GET /sounds/{id}/audio (whole, ${sound.size} bytes)`,
        ours: await load(`${ours}/api/v1/sounds/${sound.id}/audio`, { seconds: ctx.seconds, headers }),
        ceiling: await load(`${ceiling}/audio`, { seconds: ctx.seconds }),
      },
      {
        name: "GET /sounds/{id}/audio (Range: 64 KiB)",
        ours: await load(`${ours}/api/v1/sounds/${sound.id}/audio`, { seconds: ctx.seconds, headers: { ...headers, ...middle } }),
        ceiling: await load(`${ceiling}/audio`, { seconds: ctx.seconds, headers: middle }),
      },
    ];
    printComparisons("sounds: the audio route beside a bare node:http server streaming the same bytes from a file", rows);
    console.log(`written to ${writeResults(ctx.repoRoot, "sounds", { rows })}`);
  } finally {
    await database.close();
    stopProcess(bare);
    stopProcess(app);
  }
}
