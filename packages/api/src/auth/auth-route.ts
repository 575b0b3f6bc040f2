import { Auth, type AuthConfig } from "@auth/core";
import { CLIENT_ADDRESS_HEADER } from "../client-address";
import { fromFetchResponse, type RawRoute } from "../rest/raw";

/** Auth.js endpoints (sign-in callbacks of GitHub and Google, session, sign-out), their form posts read within 64 KiB. */
export function authRoute(config: AuthConfig): RawRoute {
  return {
    methods: ["GET", "POST"],
    path: "/api/auth/{...action}",
    auth: "none",
    bodyLimit: 64 * 1024,
    async handle(input, context) {
      const request = await input.request();
      // The sign-in limit counts per client address (auth/sign-in-limit.ts): the address is the core's, whatever header the client sent.
      const headers = new Headers(request.headers);
      headers.set(CLIENT_ADDRESS_HEADER, context.clientAddress);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      return fromFetchResponse(await Auth(new Request(request.url, { method: request.method, headers, body }), config));
    },
  };
}
