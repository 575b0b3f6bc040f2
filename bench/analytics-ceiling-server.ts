/**
 * The ceiling for the analytics benchmark: a bare node:http server that runs
 * the very SQL of a plugin's analytics (the statements of
 * packages/api/src/plugins/analytics, rendered once for each view: `/json`
 * runs what the dashboard's view runs, `/csv` what the CSV runs) with
 * postgres.js and writes the rows as JSON. No framework, no credentials, no
 * validation, no shaping.
 */
import { createServer } from "node:http";
import { openDatabase } from "@streamkit/db";
import postgres from "postgres";
import { analyticsStatements } from "../packages/api/src/plugins/analytics/analytics";

const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT ?? 3231);
const sql = postgres(url, { max: 10 });
// Only used to render SQL text; it never runs a query.
const { db } = await openDatabase({ url, maxConnections: 1 });
const rendered = (view: "json" | "csv") =>
  Object.values(
    analyticsStatements(db, process.env.BENCH_PLUGIN_ID!, { from: process.env.BENCH_FROM!, to: process.env.BENCH_TO!, granularity: "day" }, view),
  ).flatMap((statement) => ("toSQL" in statement ? [statement.toSQL()] : []));
const statements = { "/json": rendered("json"), "/csv": rendered("csv") };

createServer(async (req, res) => {
  const chosen = statements[req.url as keyof typeof statements];
  if (!chosen) {
    res.writeHead(404);
    res.end();
    return;
  }
  try {
    const results = await Promise.all(chosen.map((s) => sql.unsafe(s.sql, s.params as never[], { prepare: true })));
    const body = JSON.stringify(results);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
}).listen(port, "127.0.0.1");
