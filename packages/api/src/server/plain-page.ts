/**
 * The website's few pages that Next cannot render: small, self-contained
 * (no database, no Next, no script), in the site's colours. The 503 page while
 * the database is down (health.ts) and the 400 page for an address that is not
 * valid percent-encoding (malformed-path.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface PlainPage {
  status: number;
  title: string;
  /** Already escaped HTML: these pages hold only the site's own words. */
  paragraphs: string[];
  headers?: Record<string, string>;
  /** Seconds after which the page reloads itself. */
  refreshSeconds?: number;
}

export function writePlainPage(req: IncomingMessage, res: ServerResponse, page: PlainPage): void {
  const body = renderPlainPage(page);
  res.writeHead(page.status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-request-id": randomUUID(),
    ...page.headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function renderPlainPage(page: PlainPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.refreshSeconds ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">\n` : ""}<title>${page.title} · Streamkit</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#17171f;--muted:#5b5b6b;--accent:#6d4aff}
@media (prefers-color-scheme:dark){:root{--bg:#17171f;--fg:#f3f3f7;--muted:#a8a8b8;--accent:#9d86ff}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{color:var(--muted);margin:.5rem 0}
a{color:var(--accent)}
</style>
</head>
<body>
<main>
<h1>${page.title}</h1>
${page.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</main>
</body>
</html>
`;
}
