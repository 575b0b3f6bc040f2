import { Auth } from "@auth/core";
import { getRuntime } from "@streamkit/api";

/** Auth.js endpoints: sign-in callbacks (GitHub, Google), session, sign-out. */
async function handle(request: Request): Promise<Response> {
  const runtime = await getRuntime();
  return Auth(request, runtime.auth);
}

export { handle as GET, handle as POST };
