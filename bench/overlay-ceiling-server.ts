/**
 * The ceiling for the overlay benchmark: a bare node:http server doing the
 * same work with no framework — a save is the JSON body parsed and one
 * `UPDATE … WHERE rev = baseRev RETURNING` with postgres.js, answered as JSON
 * (409 when the rev moved); the browser-source page is the same bytes our
 * server wrote, precomputed. No validation, no sessions, no limits.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const port = Number(process.env.PORT ?? 3203);
const accountId = process.env.BENCH_ACCOUNT_ID!;
const page = readFileSync(process.env.BENCH_PAGE_FILE!);

function readBody(req: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

createServer(async (req, res) => {
  try {
    if (req.method === "POST" && req.url === "/save") {
      const input = JSON.parse(await readBody(req)) as { overlayId: string; baseRev: number; document: unknown };
      const [row] = await sql`
        update overlays set document = ${sql.json(input.document as never)}, rev = rev + 1, updated_at = now()
        where id = ${input.overlayId} and account_id = ${accountId} and rev = ${input.baseRev}
        returning id, name, rev, document, forked_from, created_at, updated_at`;
      const body = JSON.stringify(row ? { item: row } : { error: { code: "conflict" } });
      res.writeHead(row ? 200 : 409, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    } else if (req.url?.startsWith("/overlays/source/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": page.byteLength });
      res.end(page);
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(port, "127.0.0.1");
