import { Auth, type AuthConfig } from "@auth/core";
import { CLIENT_ADDRESS_HEADER } from "../shared/client-address";
import { fromFetchResponse, type RawRoute } from "../rest/raw";
import { serializeSignInDevice, signInDeviceAfter } from "./sign-in-device";

/** Auth.js endpoints (sign-in callbacks of GitHub and Google, session, sign-out), their form posts read within 64 KiB. */
export function authRoute(config: AuthConfig): RawRoute {
  return {
    methods: ["GET", "POST"],
    path: "/api/auth/{...action}",
    auth: "none",
    bodyLimit: 64 * 1024,
    async handle(input, context) {
      const request = await input.request();
      // The sign-in limit counts per client address (accounts/sign-in-limit.ts): the address is the core's, whatever header the client sent.
      const headers = new Headers(request.headers);
      headers.set(CLIENT_ADDRESS_HEADER, context.clientAddress);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const response = await Auth(new Request(request.url, { method: request.method, headers, body }), config);
      // A password sign-in that started a session also remembers this browser for the account (accounts/sign-in-device.ts).
      if (new URL(request.url).pathname === "/api/auth/callback/credentials") {
        const cookies = response.headers.getSetCookie().map((line) => {
          const pair = line.split(";", 1)[0]!;
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1) };
        });
        const device = await signInDeviceAfter(context.deps, cookies);
        if (device) response.headers.append("set-cookie", serializeSignInDevice(device));
      }
      return fromFetchResponse(response);
    },
  };
}
