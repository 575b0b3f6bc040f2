import { getRuntime, receiveWebhook } from "@streamkit/api";

/** Payment providers' events (built-in, Stripe, Razorpay): verified on the raw body, applied exactly once. */
export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }): Promise<Response> {
  const runtime = await getRuntime();
  return receiveWebhook(runtime.deps, (await params).provider, request);
}
