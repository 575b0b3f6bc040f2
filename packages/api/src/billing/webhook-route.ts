import { receiveWebhook } from "@streamkit/billing";
import { jsonResult, type RawRoute } from "../rest/raw";

/** The largest delivery accepted: providers' events are a few kilobytes. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * POST /api/webhooks/<provider>: a raw route of the REST core (request id,
 * envelope, the body refused past 1 MiB while it streams) around billing's
 * receiveWebhook, which checks the signature on the raw body and applies the
 * event exactly once.
 */
export const webhookRoute: RawRoute = {
  methods: ["POST"],
  path: "/api/webhooks/{provider}",
  auth: "none",
  addressLimit: { name: "webhooks", what: "Too many webhook deliveries from this address" },
  bodyLimit: MAX_WEBHOOK_BYTES,
  async handle(input, context) {
    const request = await input.request();
    const outcome = await receiveWebhook(context.deps, input.params.provider!, await request.text(), request.headers, context.requestId);
    return jsonResult(200, { received: true, outcome }, { "cache-control": "no-store" });
  },
};
