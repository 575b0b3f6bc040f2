import { Auth, type AuthConfig } from "@auth/core";
import { fromFetchResponse, type RawRoute } from "../rest/raw";

/** Auth.js endpoints (sign-in callbacks of GitHub and Google, session, sign-out), their form posts read within 64 KiB. */
export function authRoute(config: AuthConfig): RawRoute {
  return {
    methods: ["GET", "POST"],
    path: "/api/auth/{...action}",
    auth: "none",
    bodyLimit: 64 * 1024,
    async handle(input) {
      return fromFetchResponse(await Auth(await input.request(), config));
    },
  };
}
