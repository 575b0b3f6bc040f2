import { type Listing, pluginMediaLimits, socialImageUrl } from "@streamkit/api-contract";
import type { Metadata } from "next";

/**
 * A plugin page's link previews (docs/plugins.md#icons-and-screenshots): og:* and twitter:* with the plugin's social
 * preview, a PNG (chat and social sites take no SVG) at an absolute address of the site.
 */
export function pluginSocialMetadata(plugin: Listing, publicUrl: string): Pick<Metadata, "openGraph" | "twitter"> {
  const image = {
    url: new URL(socialImageUrl(plugin), publicUrl).toString(),
    width: pluginMediaLimits.social.width,
    height: pluginMediaLimits.social.height,
    type: "image/png",
    alt: `${plugin.name}, a Streamkit plugin by ${plugin.publisher.name}`,
  };
  const url = new URL(`/plugins/${encodeURIComponent(plugin.slug)}`, publicUrl).toString();
  return {
    openGraph: { type: "website", siteName: "Streamkit", title: plugin.name, description: plugin.description, url, images: [image] },
    twitter: { card: "summary_large_image", title: plugin.name, description: plugin.description, images: [image] },
  };
}
