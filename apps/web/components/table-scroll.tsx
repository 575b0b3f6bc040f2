"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";

/** Which sides of a table have columns out of view; null while it fits (or before the browser has measured). */
type Hidden = { before: boolean; after: boolean } | null;

/**
 * A wide table's sideways scroll, made visible: when the table is wider than
 * its box (a phone), a hint says there is more and the edge with columns out
 * of view fades (globals.css, .table-scroll), and the box is a region the
 * keyboard can focus and scroll with the arrow keys (named for what it does:
 * the table inside has its own name, and a second region named like the
 * section around it would be ambiguous). Until the browser
 * has measured — and without JavaScript — the box is focusable anyway; once
 * the table fits it is not a stop for the Tab key.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden | "unmeasured">("unmeasured");

  useEffect(() => {
    const element = box.current!;
    const measure = () => {
      const overflow = element.scrollWidth - element.clientWidth;
      // A pixel of rounding is no overflow.
      setHidden(overflow > 1 ? { before: element.scrollLeft > 1, after: element.scrollLeft < overflow - 1 } : null);
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, []);

  const scrolls = hidden !== null;
  const sides = hidden !== null && hidden !== "unmeasured" ? hidden : null;
  return (
    <div className="table-scroll" data-more-before={sides?.before ? "" : undefined} data-more-after={sides?.after ? "" : undefined}>
      {sides ? (
        <p className="table-scroll-hint" aria-hidden="true" data-testid="table-scroll-hint">
          Scroll sideways for more columns <span>→</span>
        </p>
      ) : null}
      {scrolls ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (the arrow keys scroll it), WCAG 2.1.1.
        // biome-ignore lint/a11y/useSemanticElements: a div either way, so React keeps the element (and the observers on it) when the table starts or stops fitting.
        <div ref={box} className="table-wrap" role="region" aria-label="The table scrolls sideways" tabIndex={0}>
          {children}
        </div>
      ) : (
        // The same element either way (React keeps it and the table): only its role and tab stop change.
        <div ref={box} className="table-wrap">
          {children}
        </div>
      )}
    </div>
  );
}
