import { createHash } from "node:crypto";
import { FONT_STYLESHEET_PATH, renderPreviewSvg } from "@streamkit/overlay";
import { AppError, notFound } from "@streamkit/api-contract";
import { etagMatches } from "../rest/etag";
import type { RestResult } from "../rest/types";
import type { RawRoute } from "../rest/raw";
import { findCatalogOverlay } from "./catalog";
import { readBrowserSource } from "./overlay-source";
import { sourceDrawing } from "./drawings";

/** The previews are the site's own drawings: nothing in them may run or load. */
const svgHeaders = {
  "content-type": "image/svg+xml; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
};

/** A preview image's strong ETag: a digest of the image. */
export const previewEtag = (svg: string) => `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;

/** A preview image's answer (the catalogue's and the market's): an ETag of the image, If-None-Match → 304, an hour of public caching. */
export function previewImageResult(svg: string, ifNoneMatch: string | null, etag = previewEtag(svg)): RestResult {
  const headers = { ...svgHeaders, etag, "cache-control": "public, max-age=3600" };
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  return { status: 200, headers, body: svg };
}

/**
 * GET /api/v1/catalog/overlays/{slug}/preview: the predefined overlay drawn
 * by the one renderer as a still SVG image (no script, no outside loads), for
 * clients without a renderer of their own. Public like the catalogue; an
 * ETag of the image and an hour of caching.
 */
export const catalogPreviewRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/v1/catalog/overlays/{slug}/preview",
  auth: "none",
  cors: true,
  async handle(input, context) {
    const overlay = input.params.slug!.length <= 100 ? await findCatalogOverlay(context.deps.db, input.params.slug!) : null;
    if (!overlay) throw notFound(`No predefined overlay "${input.params.slug}".`);
    return previewImageResult(renderPreviewSvg(overlay.document), input.header("if-none-match"));
  },
};

/** The browser source's frame as the page and its poll use it: the revision's drawing, made once (overlays/drawings.ts). */
async function sourceFrame(deps: Parameters<typeof readBrowserSource>[0], token: string) {
  const frame = token.length <= 200 ? await readBrowserSource(deps, token) : null;
  if (!frame) return null;
  const drawing = frame.locked ? null : await sourceDrawing(deps, frame.overlayId, frame.rev);
  if (!frame.locked && !drawing) return null; // deleted meanwhile
  const { rev, canvas } = drawing ?? frame;
  const etag = `"${rev}.${frame.locked ? "locked" : "open"}"`;
  const body = { rev, locked: frame.locked, width: canvas.width, height: canvas.height, svg: drawing?.svg ?? "" };
  return { ...body, etag, feed: () => drawing?.feed ?? JSON.stringify(body) };
}

/**
 * GET /api/overlay-source/{token}: what an overlay's OBS browser source shows,
 * for pages without the event stream (source-events.ts), polled with
 * If-None-Match: 304 while nothing changed; a restarted server answers the same. An unknown or
 * revoked address is 404; a locked overlay (or a suspended account) answers
 * `locked: true` and an empty `svg`.
 */
export const browserSourceFeedRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/overlay-source/{token}",
  auth: "none",
  async handle(input, context) {
    const frame = await sourceFrame(context.deps, input.params.token!);
    if (!frame) throw new AppError("not_found", "No overlay at this address: it was revoked or never existed.");
    const headers = { etag: frame.etag, "cache-control": "no-cache", "x-robots-tag": "noindex" };
    if (etagMatches(input.header("if-none-match"), frame.etag)) return { status: 304, headers, body: null };
    return { status: 200, headers: { ...headers, "content-type": "application/json; charset=utf-8" }, body: frame.feed() };
  },
};

/**
 * The page's only script: follow the event stream (source-events.ts) and swap the drawing when a frame comes; clear it
 * when the address or the overlay is gone. Without EventSource, or when the stream fails (closed, or five errors
 * without a frame in between), poll the feed every 5 s instead, going back to the stream once a poll succeeds if the
 * stream had worked before. A stream that has not opened within 10 s (a browser holding every connection to this host,
 * as OBS's shared Chromium does past six sources over HTTP/1.1) gives way to the poll too.
 * A frame equal to the one shown (its ETag) is not redrawn, so animations keep running.
 * A test alert (`event: alert`, test-alerts.ts) shows its drawing for its durationMs, then the current frame again: a frame
 * that came meanwhile is kept and shown when the alert ends; a later alert replaces an earlier one. Polling plays no alerts.
 * An alert with a `sound` plays it from this token's sound route at its volume (docs/overlays.md#alert-sounds): one
 * `<audio data-testid="alert-sound" data-type>` per alert type, restarted by each alert, its `data-played` counting plays.
 */
const pageScript = `(()=>{const s=document.getElementById("stage");const feed=s.dataset.feed;let etag=s.dataset.etag;let opened=false;let failures=0;let cur=s.innerHTML;let timer=0;const paint=(h)=>{cur=h;if(!timer)s.innerHTML=h;};const show=(f,t)=>{if(t===etag)return;etag=t;paint(f.locked?"":f.svg);};const clear=()=>{etag="";clearTimeout(timer);timer=0;paint("");};const poll=async()=>{try{const r=await fetch(feed,{headers:etag?{"If-None-Match":etag}:{},cache:"no-store"});if(r.status===200){show(await r.json(),r.headers.get("ETag"));}else if(r.status===404){clear();}if((r.status===200||r.status===304)&&opened){listen();return;}}catch(e){}setTimeout(poll,5000);};const au={};const ring=(a)=>{const d=a.sound;if(!d)return;let el=au[a.type];if(!el){el=au[a.type]=document.createElement("audio");el.dataset.testid="alert-sound";el.dataset.type=a.type;el.preload="auto";el.addEventListener("playing",()=>{el.dataset.played=String(Number(el.dataset.played||0)+1);});document.body.appendChild(el);}const src=feed+"/sounds/"+encodeURIComponent(d.id);if(el.getAttribute("src")!==src)el.src=src;el.dataset.sound=d.id;el.volume=d.volume;el.currentTime=0;el.play().catch(()=>{});};const listen=()=>{const es=new EventSource(feed+"/events");let live=false;setTimeout(()=>{if(!live&&es.readyState!==2){es.close();poll();}},10000);const gone=()=>{es.close();clear();};es.onopen=()=>{opened=true;live=true;};es.onmessage=(e)=>{failures=0;const f=JSON.parse(e.data);show(f,'"'+f.rev+"."+(f.locked?"locked":"open")+'"');};es.addEventListener("alert",(e)=>{const a=JSON.parse(e.data);ring(a);clearTimeout(timer);s.innerHTML=a.svg;timer=setTimeout(()=>{timer=0;s.innerHTML=cur;},a.durationMs);});es.addEventListener("revoked",gone);es.addEventListener("deleted",gone);es.onerror=()=>{if(es.readyState===2||++failures>=5){es.close();failures=0;setTimeout(poll,5000);}};};if(window.EventSource)listen();else setTimeout(poll,5000);})();`;
const pageScriptHash = `sha256-${createHash("sha256").update(pageScript).digest("base64")}`;

const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
  // OBS shows the page as a browser source; streaming tools may also frame it. Styles and fonts from the site: its fonts (docs/overlays.md#fonts).
  // Alert sounds from the site's token route (source-sound-route.ts).
  "content-security-policy": `default-src 'none'; script-src '${pageScriptHash}'; connect-src 'self'; media-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data: https:; frame-ancestors *; base-uri 'none'; form-action 'none'`,
};

/**
 * GET /overlays/source/{token}: the OBS browser source. The overlay alone,
 * canvas-sized, on a transparent background, no site chrome; drawn on the
 * server by the one renderer, then kept current by the event stream (a save
 * shows as it happens, without a reload, across restarts), or by polling the
 * feed above where the stream cannot work.
 * A locked overlay renders nothing; a revoked address is a 404 page.
 */
export const browserSourcePageRoute: RawRoute = {
  methods: ["GET"],
  path: "/overlays/source/{token}",
  auth: "none",
  async handle(input, context) {
    const token = input.params.token!;
    const frame = await sourceFrame(context.deps, token);
    if (!frame) {
      return {
        status: 404,
        headers: pageHeaders,
        body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>No overlay here</title></head><body style="font:16px system-ui;margin:2rem">No overlay at this address: it was revoked or never existed. Copy the current address from the overlay editor.</body></html>',
      };
    }
    const feed = `/api/overlay-source/${encodeURIComponent(token)}`;
    const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Streamkit overlay</title>
<link rel="stylesheet" href="${FONT_STYLESHEET_PATH}">
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}#stage{width:${frame.width}px;height:${frame.height}px}#stage svg{display:block}</style>
</head>
<body>
<div id="stage" data-feed="${feed}" data-etag="${frame.etag.replace(/"/g, "&quot;")}">${frame.locked ? "" : frame.svg}</div>
<script>${pageScript}</script>
</body>
</html>
`;
    return { status: 200, headers: pageHeaders, body };
  },
};
