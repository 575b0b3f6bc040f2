import { z } from "zod";
import { AppError, notFound } from "@streamkit/api-contract";
import { jsonResult, type RawRoute } from "../rest/raw";
import { runSubscriptionSweep } from "@streamkit/billing";

const moveSchema = z
  .object({
    /** Forward by this much (days and seconds add up). */
    advanceDays: z.number().min(0).max(3660).optional(),
    advanceSeconds: z.number().int().min(0).max(316_224_000).optional(),
    /** Back to the real time. */
    reset: z.literal(true).optional(),
  })
  .strict();

/**
 * /api/dev/clock, only with TEST_CLOCK=on (test-clock.ts; 404 otherwise):
 * GET tells the service's time; POST moves it forward (or back to real time
 * with `reset`) and then runs the subscription sweep at once — renewals due,
 * periods ended — as the maintenance timer would a few minutes later.
 */
export const devClockRoute: RawRoute = {
  methods: ["GET", "POST"],
  path: "/api/dev/clock",
  auth: "none",
  bodyLimit: 4096,
  async handle(input, context) {
    const clock = context.deps.testClock;
    if (!clock) throw notFound("The test clock is off (TEST_CLOCK=on turns it on).");
    const request = await input.request();
    if (request.method === "POST") {
      let body: unknown;
      try {
        body = JSON.parse((await request.text()) || "{}");
      } catch {
        throw new AppError("bad_request", "The body is not JSON.");
      }
      const move = moveSchema.safeParse(body);
      if (!move.success) throw new AppError("validation_error", "Send { advanceDays }, { advanceSeconds } or { reset: true }.");
      if (move.data.reset) clock.reset();
      clock.advance(Math.round((move.data.advanceDays ?? 0) * 86_400_000 + (move.data.advanceSeconds ?? 0) * 1000));
      const sweep = await runSubscriptionSweep(context.deps);
      return jsonResult(200, { now: context.deps.now().toISOString(), offsetMs: clock.offset, sweep }, { "cache-control": "no-store" });
    }
    return jsonResult(200, { now: context.deps.now().toISOString(), offsetMs: clock.offset }, { "cache-control": "no-store" });
  },
};
