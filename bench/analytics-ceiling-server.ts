/**
 * The ceiling for the analytics benchmark: a bare node:http server that runs
 * the very SQL of a plugin's analytics (the statements of
 * packages/api/src/plugins/analytics, rendered once) with postgres.js and
 * writes the rows as JSON. No framework, no credentials, no validation, no shaping.
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
const statements = analyticsStatements(db, process.env.BENCH_PLUGIN_ID!, {
  from: process.env.BENCH_FROM!,
  to: process.env.BENCH_TO!,
  granularity: "day",
}).map((statement) => statement.toSQL());

createServer(async (_req, res) => {
  try {
    const results = await Promise.all(statements.map((s) => sql.unsafe(s.sql, s.params as never[], { prepare: true })));
    const body = JSON.stringify(results);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
}).listen(port, "127.0.0.1");
