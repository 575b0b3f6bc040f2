import type { AuthConfig } from "@auth/core";
import { authRoute } from "../accounts";
import { assetServeRoute, assetUploadRoute, websiteAssetUploadRoute } from "../assets";
import { analyticsCsvRoute, cliPackageRoute, pluginMediaRoutes, websiteAnalyticsCsvRoute } from "../plugins";
import { healthRoutes } from "../server/health";
import { robotsRoute, sitemapRoute } from "../server/crawlers";
import {
  browserSourceEventsRoute,
  browserSourceFeedRoute,
  browserSourcePageRoute,
  browserSourceSoundRoute,
  catalogPreviewRoute,
  overlayThumbnailRoute,
} from "../overlays";
import { marketPreviewRoute } from "../market";
import { oauthRoutes } from "../oauth";
import { devClockRoute, webhookRoute } from "../billing";
import { appRouter } from "./router";
import type { RawRoute } from "../rest/raw";
import { trpcRoute } from "../rest/trpc-route";
import { updaterRoute } from "../updater";
import { demoDownloadsRoute } from "../updater";
import { soundAudioRoute, websiteSoundAudioRoute } from "../sounds";

/** Every raw route the service answers, beside the JSON operations of /api/v1. */
export function rawRoutes(auth: AuthConfig): RawRoute[] {
  return [
    trpcRoute(appRouter),
    authRoute(auth),
    webhookRoute,
    ...healthRoutes,
    robotsRoute,
    sitemapRoute,
    catalogPreviewRoute,
    marketPreviewRoute,
    browserSourceFeedRoute,
    browserSourceEventsRoute,
    browserSourcePageRoute,
    browserSourceSoundRoute,
    overlayThumbnailRoute,
    cliPackageRoute(),
    updaterRoute,
    demoDownloadsRoute,
    soundAudioRoute,
    websiteSoundAudioRoute,
    assetUploadRoute,
    websiteAssetUploadRoute,
    assetServeRoute,
    ...pluginMediaRoutes,
    ...oauthRoutes,
    devClockRoute,
    analyticsCsvRoute,
    websiteAnalyticsCsvRoute,
  ];
}
