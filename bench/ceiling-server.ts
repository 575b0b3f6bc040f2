/**
 * The ceiling for the marketplace benchmark: a bare node:http server that
 * answers the same two requests by running the very SQL our service runs
 * (taken from the same query builders) with postgres.js, and writing the
 * rows as the same JSON. No framework, no validation, no tRPC.
 */
import { createServer } from "node:http";
import { openDatabase } from "@streamkit/db";
import { plugins } from "@streamkit/db";
import { fillPlaceholders, getTableColumns } from "drizzle-orm";
import postgres from "postgres";
import { publishedPluginStatement } from "../packages/api/src/plugins/listings";
import { marketPageStatement, marketPageValues } from "../packages/api/src/plugins/search";

const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT ?? 3201);
const sql = postgres(url, { max: 10 });
// Only used to render SQL text; it never runs a query.
const { db } = await openDatabase({ url, maxConnections: 1 });

const firstPage = marketPageValues({ limit: 20 });
const pageStatement = marketPageStatement(db, firstPage.shape).toSQL();
const pageParams = fillPlaceholders(pageStatement.params, firstPage.values);
const pluginStatement = publishedPluginStatement(db).toSQL();
// As listings select them: search's own columns left out.
const pluginColumns = Object.keys(getTableColumns(plugins)).filter((key) => key !== "readme" && key !== "searchVector");

type Row = unknown[];
function listing(row: Row) {
  const p = Object.fromEntries(pluginColumns.map((key, i) => [key, row[i]])) as Record<string, any>;
  const [publisherName, publisherVerified, publisherOfficial] = row.slice(pluginColumns.length);
  const tier = p.priceTier as string | null;
  const prices: Record<string, [number, number]> = { t1: [49, 1], t2: [99, 2], t3: [199, 3], t4: [399, 5], t5: [799, 10] };
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    version: p.latestVersion,
    permissions: p.permissions,
    publisher: { kind: publisherOfficial ? "official" : "user", name: publisherName, verified: publisherVerified },
    downloads: p.downloads,
    homepage: p.homepage,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
    status: p.status,
    mine: false,
    price: tier ? { tier, INR: prices[tier]![0], USD: prices[tier]![1] } : null,
    owned: !tier,
  };
}

createServer(async (req, res) => {
  try {
    const path = new URL(req.url!, "http://x").pathname;
    let body: unknown;
    if (path === "/api/v1/plugins") {
      const rows = await sql.unsafe(pageStatement.sql, pageParams as never[], { prepare: true }).values();
      body = { items: rows.slice(0, 20).map((r) => listing(r as Row)), next: rows.length > 20 ? "x" : null };
    } else if (path.startsWith("/api/v1/plugins/")) {
      const slug = decodeURIComponent(path.slice("/api/v1/plugins/".length));
      const [row] = await sql.unsafe(pluginStatement.sql, fillPlaceholders(pluginStatement.params, { slug }) as never[], { prepare: true }).values();
      if (!row) {
        res.writeHead(404).end();
        return;
      }
      const item = listing(row as Row);
      // The statement's last two columns: the versions and the screenshots as JSON text.
      const [versions, screenshots] = (row as Row).slice(-2) as [string, string];
      body = {
        item: {
          ...item,
          versions: (JSON.parse(versions) as { version: string; changelog: string; createdAt: string }[]).map(({ version, changelog, createdAt }) => ({
            version,
            changelog,
            createdAt: new Date(createdAt).toISOString(),
          })),
          screenshots: JSON.parse(screenshots),
        },
      };
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}).listen(port, "127.0.0.1", () => console.error(`ceiling listening on ${port}`));
