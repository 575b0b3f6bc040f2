import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "@streamkit/api";
import { Marked, type Tokens } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";

/**
 * The repository's docs/ pages, served as /docs/guides/<page> (docs/README.md
 * is the index, /docs/guides). The Markdown is our own, so it is rendered as
 * written, without sanitising; links between the pages are rewritten to their
 * addresses on the site, and headings get GitHub's ids, so `page.md#anchor`
 * means the same here and on GitHub.
 */
export const GUIDES_PATH = "/docs/guides";

/** A rendered page: its title (the first heading), its first paragraph, and its HTML cut around the tables. */
export interface Guide {
  name: string;
  title: string;
  summary: string;
  /** In order; a table is rendered in the site's sideways-scrolling box (components/table-scroll.tsx). */
  parts: { kind: "html" | "table"; html: string }[];
}

const INDEX = "README";
const docsDir = () => join(env().repoRoot, "docs");

let names: string[] | undefined;

/** Every page but the index, by file name without `.md`; listed once per process (and at build, for generateStaticParams). */
export function guideNames(): string[] {
  names ??= readdirSync(docsDir())
    .filter((file) => file.endsWith(".md") && file !== `${INDEX}.md`)
    .map((file) => file.slice(0, -".md".length))
    .sort();
  return names;
}

/** `api.md#limits` → `/docs/guides/api#limits`; `README.md` → `/docs/guides`; anything else as written. */
export function guideHref(href: string): string {
  const link = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/i.exec(href);
  if (!link) return href;
  const [, name, hash = ""] = link;
  return `${name === INDEX ? GUIDES_PATH : `${GUIDES_PATH}/${name}`}${hash}`;
}

function render(name: string, markdown: string): Guide {
  const marked = new Marked(gfmHeadingId(), {
    gfm: true,
    walkTokens(token) {
      if (token.type === "link") (token as Tokens.Link).href = guideHref((token as Tokens.Link).href);
    },
  });
  const tokens = marked.lexer(markdown);
  const heading = tokens.find((token): token is Tokens.Heading => token.type === "heading" && token.depth === 1);
  const paragraph = tokens.find((token): token is Tokens.Paragraph => token.type === "paragraph");
  const html = marked.parse(markdown, { async: false });
  // Split around each table so the page can put it in its scrolling box; the rest stays one HTML run.
  const parts = html
    .split(/(<table>[\s\S]*?<\/table>)/)
    .filter((part) => part.trim() !== "")
    .map((part) =>
      part.startsWith("<table>") ? { kind: "table" as const, html: part.slice("<table>".length, -"</table>".length) } : { kind: "html" as const, html: part },
    );
  const plain = (text: string) =>
    text
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\s+/g, " ")
      .trim();
  return { name, title: plain(heading?.text ?? name), summary: plain(paragraph?.text ?? ""), parts };
}

const rendered = new Map<string, Guide>();

function load(name: string): Guide {
  let page = rendered.get(name);
  if (!page) {
    page = render(name, readFileSync(join(docsDir(), `${name}.md`), "utf8"));
    rendered.set(name, page);
  }
  return page;
}

/** The page named `name`, or null when docs/ has no such page (the index is not one: it is /docs/guides); rendered once per process. */
export function guide(name: string): Guide | null {
  return guideNames().includes(name) ? load(name) : null;
}

/** docs/README.md, the index. */
export const guidesIndex = (): Guide => load(INDEX);
