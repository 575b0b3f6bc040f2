import {
  catalogPaging,
  soundCategoryListSchema,
  soundIdInputSchema,
  soundLimits,
  soundListQuerySchema,
  soundListSchema,
  soundSchema,
} from "@streamkit/api-contract";
import type { Sound } from "@streamkit/db";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import type { Context } from "../shared/context";
import { notFound } from "@streamkit/api-contract";
import { findSound, listSounds, soundAudioPath, soundCategoryCounts, toSoundItem } from "./sounds";
import { accountProcedure } from "../shared/trpc";

/** Where this caller fetches the audio: /api/v1 with its key or token; the website's own route (same origin, the session) on the website. */
function itemFor(ctx: Context, sound: Sound) {
  const web = ctx.caller.kind === "account" && ctx.caller.channel === "web";
  return toSoundItem(sound, web ? soundAudioPath.website(sound.id) : `${ctx.deps.env.PUBLIC_URL}${soundAudioPath.api(sound.id)}`);
}

const audioNote =
  "`audio.url` is the sound's audio: fetch it with the same credentials; it answers Range requests (206), If-None-Match (304) and is cacheable privately for a year.";

/** The sound catalogue (docs/api.md#operations, docs/api.md#authentication-and-scopes): scope sounds:read; keys made before the scope existed lack it. */
export const soundsRouter = {
  list: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sounds",
        tags: ["Sounds"],
        summary: "The sound catalogue",
        description: `Sounds by name (then id). \`category\` keeps one category; \`q\` (at most ${soundLimits.maxQueryLength} characters) keeps sounds whose name, description or category contains every word, case-insensitively. Offset paging (/docs/guides/api#paging): limit 1–${catalogPaging.maxLimit} (default ${catalogPaging.defaultLimit}) and offset; \`nextOffset\` is null at the end; invalid values are 400 bad_request. ${audioNote}`,
      },
      rest: { auth: "key", scope: "sounds:read" },
    })
    .input(soundListQuerySchema)
    .output(soundListSchema)
    .query(async ({ ctx, input }) => {
      const page = await listSounds(ctx.deps.db, input);
      return { items: page.items.map((sound) => itemFor(ctx, sound)), nextOffset: page.nextOffset };
    }),

  categories: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sounds/categories",
        tags: ["Sounds"],
        summary: "The sound catalogue's categories",
        description: "Every category, in the catalogue's order, with its display name and how many sounds it holds (empty ones included).",
      },
      rest: { auth: "key", scope: "sounds:read" },
    })
    .input(z.void())
    .output(soundCategoryListSchema)
    .query(async ({ ctx }) => ({ items: await soundCategoryCounts(ctx.deps.db) })),

  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sounds/{soundId}",
        tags: ["Sounds"],
        summary: "One sound",
        description: `Its name, category, length, format (media type), size in bytes, licence and attribution. An unknown or malformed id is 404 not_found. ${audioNote}`,
      },
      rest: { auth: "key", scope: "sounds:read", errors: ["not_found"] },
    })
    .input(soundIdInputSchema)
    .output(z.object({ item: soundSchema }))
    .query(async ({ ctx, input }) => {
      const sound = await findSound(ctx.deps.db, input.soundId);
      if (!sound) throw notFound(`No sound with the id "${input.soundId.slice(0, 80)}".`);
      return { item: itemFor(ctx, sound) };
    }),
} satisfies TRPCRouterRecord;
