"use client";

import Script from "next/script";
import { useCallback, useEffect, useRef } from "react";

type ScalarGlobal = { createApiReference(target: HTMLElement, config: Record<string, unknown>): { destroy?: () => void } };

/**
 * Scalar's browser bundle, served from this site (public/vendor, copied at
 * build from @scalar/api-reference) so the reference renders offline and never
 * calls a CDN: no web fonts, no telemetry, no hosted agent.
 */
export function ApiReference({ specUrl }: { specUrl: string }) {
  const target = useRef<HTMLDivElement>(null);
  const mounted = useRef<{ destroy?: () => void } | null>(null);

  const mount = useCallback(() => {
    const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
    if (!scalar || !target.current || mounted.current) return;
    mounted.current = scalar.createApiReference(target.current, {
      url: specUrl,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      documentDownloadType: "json",
      hideClientButton: false,
      defaultOpenAllTags: true,
      theme: "purple",
      metaData: { title: "Streamkit API reference" },
    });
  }, [specUrl]);

  useEffect(() => {
    mount();
    return () => {
      mounted.current?.destroy?.();
      mounted.current = null;
    };
  }, [mount]);

  return (
    <>
      <div ref={target} className="docs-frame" data-testid="api-reference" />
      <Script src="/vendor/scalar/standalone.js" strategy="afterInteractive" onReady={mount} />
    </>
  );
}
