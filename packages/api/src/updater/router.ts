import { downloadsSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { downloads } from "./downloads";
import { publicProcedure } from "../shared/trpc";

/** The desktop app's releases as the website's /download page reads them; not part of /api/v1 (the app asks the updater, /api/app/update). */
export const releasesRouter = {
  downloads: publicProcedure
    .input(z.void())
    .output(downloadsSchema)
    .query(({ ctx }) => downloads(ctx.deps)),
} satisfies TRPCRouterRecord;
