import type { ComponentProps } from "react";
import ReactMarkdown, { defaultUrlTransform } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

/**
 * Authors' text (descriptions, changelogs) as Markdown: GitHub's dialect
 * (lists, code, tables, links), rendered on the server. Safe by construction:
 * raw HTML is dropped (skipHtml), links keep only http(s), mailto and relative
 * addresses (react-markdown's urlTransform: no javascript:, data: or
 * vbscript:), and rehype-sanitize applies GitHub's allow-list besides.
 * Headings start at level 3 so an author cannot outrank the page's own;
 * images are not loaded (their alt text shows): a listing must not make
 * visitors' browsers call other sites.
 */
const demote = (level: 3 | 4 | 5 | 6) => {
  const Tag = `h${level}` as const;
  return ({ node: _node, ...props }: ComponentProps<"h1"> & { node?: unknown }) => <Tag {...props} />;
};

const components = {
  h1: demote(3),
  h2: demote(4),
  h3: demote(5),
  h4: demote(6),
  h5: demote(6),
  h6: demote(6),
  img: ({ alt }: { alt?: string }) => (alt ? <span className="markdown-image-alt">[{alt}]</span> : null),
  a: ({ node: _node, href, children, ...props }: ComponentProps<"a"> & { node?: unknown }) => {
    const external = typeof href === "string" && /^(https?:)?\/\//i.test(href);
    return external ? (
      <a {...props} href={href} rel="nofollow ugc noopener noreferrer" target="_blank">
        {children}
      </a>
    ) : (
      <a {...props} href={href}>
        {children}
      </a>
    );
  },
};

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} urlTransform={defaultUrlTransform} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
