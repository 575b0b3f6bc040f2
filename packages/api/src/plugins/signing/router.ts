import { createHash } from "node:crypto";
import { signingKeysSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { publicProcedure } from "../../shared/trpc";
import { listSigningKeys } from "./keys";

/** Short enough that a revocation reaches every app and CLI within minutes; the ETag makes a check cheap. */
export const SIGNING_KEYS_MAX_AGE_SECONDS = 300;

export const signingKeysRouter = {
  list: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugin-signing-keys",
        tags: ["Plugins"],
        summary: "The keys that sign plugin packages",
        description: [
          "Every key that ever signed a package: its id (as minisign prints it), its public key in minisign's text, its status and dates. `active` signs new versions; `retired` signs nothing new and its signatures stay valid; `revoked` was compromised — reject every signature it made (the versions it signed were re-signed with the active key, so downloading again gives a valid one).",
          "",
          `No key needed; CORS is open. \`Cache-Control: public, max-age=${SIGNING_KEYS_MAX_AGE_SECONDS}\` and a strong ETag (send it back as If-None-Match for a 304). How the app and a person verify a package: docs/plugins.md#signed-packages.`,
        ].join("\n"),
      },
      rest: { auth: "none", etag: true, cors: true },
    })
    .input(z.void())
    .output(signingKeysSchema)
    .query(async ({ ctx }) => {
      const answer = { keys: await listSigningKeys(ctx.deps.db) };
      ctx.res.headers.ETag = `"${createHash("sha256").update(JSON.stringify(answer)).digest("base64url").slice(0, 27)}"`;
      ctx.res.headers["Cache-Control"] = `public, max-age=${SIGNING_KEYS_MAX_AGE_SECONDS}`;
      return answer;
    }),
} satisfies TRPCRouterRecord;
