import {
  pluginMediaLimits,
  pluginScreenshotSchema,
  pluginScreenshotsSchema,
  pluginSlugInputSchema,
  screenshotAltInputSchema,
  screenshotInputSchema,
  screenshotOrderInputSchema,
} from "@streamkit/api-contract";
import { z } from "zod";
import { accountProcedure, type RestMeta } from "../../shared/trpc";
import { removeIcon, removeScreenshot, reorderScreenshots, setScreenshotAlt } from "./media";

const tags = ["Plugins"];
const guide = "(/docs/guides/plugins#icons-and-screenshots)";
const write = (more: { successStatus?: 204; errors?: ["not_found", "bad_request"] } = {}) =>
  ({ auth: "key", scope: "plugins:write", errors: ["not_found"], ...more }) as RestMeta;

/**
 * The JSON operations on a plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots), for /api/v1 and the
 * dashboard's /api/trpc alike; the uploads are raw routes (routes.ts), their body the picture's bytes. Only the
 * plugin's author: another account's plugin is 404, as an unknown one.
 */
export const pluginMediaProcedures = {
  removeIcon: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/plugins/{slug}/icon",
        tags,
        summary: "Remove your plugin's icon",
        description: `204. The generated icon (the slug's initials on a colour) shows again. No icon to remove is fine. Another account's plugin: 404 not_found. ${guide}`,
      },
      rest: write({ successStatus: 204 }),
    })
    .input(pluginSlugInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeIcon(ctx.deps, ctx.caller, input.slug);
    }),

  setScreenshotAlt: accountProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/plugins/{slug}/screenshots/{screenshotId}",
        tags,
        summary: "Set a screenshot's alt text",
        description: `\`{ alt }\`: what the screenshot shows, 0–${pluginMediaLimits.maxAltLength} characters (trimmed), read by screen readers on the plugin's page. Another account's plugin or an unknown screenshot: 404 not_found. ${guide}`,
      },
      rest: write(),
    })
    .input(screenshotAltInputSchema)
    .output(pluginScreenshotSchema)
    .mutation(({ ctx, input }) => setScreenshotAlt(ctx.deps, ctx.caller, input.slug, input.screenshotId, input.alt)),

  reorderScreenshots: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/screenshots/order",
        tags,
        summary: "Reorder your plugin's screenshots",
        description: `\`{ ids }\`: every screenshot's id, each once, in the new order; the answer is the screenshots in it. A list that leaves one out, names one twice or names another: 400 bad_request with \`details.screenshots\`, the ids there are. Another account's plugin: 404 not_found. ${guide}`,
      },
      rest: write({ errors: ["not_found", "bad_request"] }),
    })
    .input(screenshotOrderInputSchema)
    .output(pluginScreenshotsSchema)
    .mutation(async ({ ctx, input }) => ({ screenshots: await reorderScreenshots(ctx.deps, ctx.caller, input.slug, input.ids) })),

  removeScreenshot: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/plugins/{slug}/screenshots/{screenshotId}",
        tags,
        summary: "Delete a screenshot",
        description: `204. The others keep their order; the stored bytes go with the last picture holding them, and its room in your storage is free at once. Another account's plugin, or a screenshot already deleted: 404 not_found. ${guide}`,
      },
      rest: write({ successStatus: 204 }),
    })
    .input(screenshotInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeScreenshot(ctx.deps, ctx.caller, input.slug, input.screenshotId);
    }),
};
