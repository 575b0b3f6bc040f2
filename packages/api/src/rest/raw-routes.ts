import type { AuthConfig } from "@auth/core";
import { authRoute } from "../auth/auth-route";
import { cliPackageRoute } from "../cli-package/route";
import { healthRoutes } from "../health";
import { robotsRoute, sitemapRoute } from "../crawlers";
import { browserSourceFeedRoute, browserSourcePageRoute, catalogPreviewRoute } from "../overlays/raw-routes";
import { marketPreviewRoute } from "../overlays/market-preview-route";
import { oauthRoutes } from "../oauth/routes";
import { webhookRoute } from "../payments/webhooks";
import { devClockRoute } from "../dev-clock-route";
import { appRouter } from "../routers";
import type { RawRoute } from "./raw";
import { trpcRoute } from "./trpc-route";
import { updaterRoute } from "../updater/route";
import { demoDownloadsRoute } from "../updater/demo-downloads-route";
import { soundAudioRoute, websiteSoundAudioRoute } from "../sounds/audio-route";

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
    browserSourcePageRoute,
    cliPackageRoute(),
    updaterRoute,
    demoDownloadsRoute,
    soundAudioRoute,
    websiteSoundAudioRoute,
    ...oauthRoutes,
    devClockRoute,
  ];
}
