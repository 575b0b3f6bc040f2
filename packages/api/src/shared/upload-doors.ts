/**
 * Two doors, one handler, for uploads whose body is a file's bytes (not JSON): the asset library's
 * (docs/overlays.md#pictures-and-the-asset-library) and a plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots).
 * /api/v1/… takes an API key or the desktop app's token with the scope; /api/… takes the website's signed-in session,
 * from the site's own pages only (cookies ride along cross-site). Both are raw routes of the REST core: credentials are
 * resolved and counted, and the scope checked, before a byte of the body is read, and the body is refused as soon as
 * it passes `bodyLimit` (413).
 */
import { AppError, type Scope } from "@streamkit/api-contract";
import type { RawInput, RawRoute } from "../rest/raw";
import { sameOrigin } from "../rest/trpc-route";
import type { RestResult } from "../rest/types";
import { accountDisabled } from "./auth-errors";
import type { AccountCaller, Context } from "./context";
import { countRequest } from "./limits/index";
import { checkScope } from "./trpc";

export interface UploadDoors {
  methods: readonly string[];
  /** Under /api/v1, e.g. `/api/v1/assets`. */
  keyPath: string;
  /** The website's, e.g. `/api/assets`. */
  websitePath: string;
  scope: Scope;
  bodyLimit: number;
  /** What a signed-out visitor of the website's door is told. */
  signIn: string;
  handle(input: RawInput, context: Context, caller: AccountCaller): Promise<RestResult>;
}

export function uploadDoors(doors: UploadDoors): { keyRoute: RawRoute; websiteRoute: RawRoute } {
  return {
    keyRoute: {
      methods: doors.methods,
      path: doors.keyPath,
      auth: "key",
      bodyLimit: doors.bodyLimit,
      async handle(input, context) {
        const caller = context.caller as AccountCaller;
        checkScope(caller, doors.scope);
        return doors.handle(input, context, caller);
      },
    },
    websiteRoute: {
      methods: doors.methods,
      path: doors.websitePath,
      auth: "session",
      bodyLimit: doors.bodyLimit,
      async handle(input, context) {
        if (context.caller.kind !== "account") throw new AppError("unauthorized", doors.signIn);
        if (!sameOrigin(input, context.deps.env.PUBLIC_URL)) {
          throw new AppError("forbidden", "Cross-site request refused: uploads must come from this site's own pages.");
        }
        if (context.caller.account.suspended) throw accountDisabled();
        await countRequest(context);
        return doors.handle(input, context, context.caller);
      },
    },
  };
}

/** One query parameter of an upload (its body is the file, so what else it says rides in the query), parsed by `schema`; 400 bad_request otherwise. */
export function uploadParameter<T>(
  url: URL,
  name: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
): T {
  const values = url.searchParams.getAll(name);
  const parsed = schema.safeParse(values.length === 1 ? values[0] : undefined);
  if (parsed.success && values.length <= 1) return parsed.data;
  const problem = values.length > 1 ? `Give one ${name}.` : parsed.success ? "Invalid." : (parsed.error.issues[0]?.message ?? "Invalid.");
  throw new AppError("bad_request", `Invalid query parameter — ${name}: ${problem} Send it as ?${name}=<${name}>.`, [{ path: name, message: problem }]);
}
