import type { AuthConfig } from "@auth/core";
import { authRoute } from "../accounts/auth-route";
import { cliPackageRoute } from "../plugins/cli-package-route";
import { healthRoutes } from "../server/health";
import { robotsRoute, sitemapRoute } from "../server/crawlers";
import { browserSourceFeedRoute, browserSourcePageRoute, catalogPreviewRoute } from "../overlays/raw-routes";
import { marketPreviewRoute } from "../market/preview-route";
import { oauthRoutes } from "../oauth/routes";
import { devClockRoute, webhookRoute } from "../billing";
import { appRouter } from "./router";
import type { RawRoute } from "../rest/raw";
import { trpcRoute } from "../rest/trpc-route";
import { updaterRoute } from "../updater/update-route";
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
