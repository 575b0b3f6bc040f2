/**
 * The two settings that come from the environment: the API key and the
 * service's address. Read here and nowhere else.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { CliError } from "./errors";
import { EXIT } from "./exit-codes";
import { usageError } from "./args";

export const DEFAULT_API_URL = "http://localhost:3000";
export const API_KEY_ENV = "STREAMKIT_API_KEY";
export const API_URL_ENV = "STREAMKIT_API_URL";
export const CONFIG_DIR_ENV = "STREAMKIT_CONFIG_DIR";

/** Where the CLI keeps what it learns (the pinned signing keys): STREAMKIT_CONFIG_DIR, else $XDG_CONFIG_HOME/streamkit, else ~/.config/streamkit. */
export function configDir(): string {
  const explicit = process.env[CONFIG_DIR_ENV];
  if (explicit) return explicit;
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), ".config"), "streamkit");
}

/** The shape of today's keys; used only to word a hint, never to refuse a key. */
export const KEY_FORMAT = /^skit_[0-9A-Za-z]{38}$/;

/**
 * The key from --api-key or STREAMKIT_API_KEY, trimmed (secrets pasted into CI
 * often carry a line break). Messages never repeat it.
 */
export function apiKeyFrom(flag: string | undefined, scope: "plugins:read" | "plugins:write"): string {
  const raw = flag ?? process.env[API_KEY_ENV];
  const source = flag !== undefined ? "--api-key" : API_KEY_ENV;
  if (raw === undefined || raw.trim() === "") {
    throw new CliError(EXIT.auth, "missing_api_key", `no API key: set ${API_KEY_ENV} (or pass --api-key)`, {
      hints: [`create a key with the ${scope} scope on the website (Dashboard → API keys), then: export ${API_KEY_ENV}=skit_…`],
    });
  }
  const key = raw.trim();
  // Only what could not travel in a header is refused here; the server judges the rest (401 invalid_token).
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new CliError(EXIT.auth, "malformed_api_key", `the value of ${source} is not a Streamkit API key: it contains spaces or characters keys never have`, {
      hints: ["copy the whole key from the website when you create it (skit_ followed by 38 letters and digits); it is shown only once"],
    });
  }
  return key;
}

/** STREAMKIT_API_URL when it is set and a usable address (normalised as apiUrlFrom does), else null: for hints, which must not fail. */
export function configuredApiUrl(): string | null {
  if (process.env[API_URL_ENV] === undefined) return null;
  try {
    return apiUrlFrom(undefined, "init");
  } catch {
    return null;
  }
}

/** The base address from --api-url, STREAMKIT_API_URL or the default, without a trailing "/". */
export function apiUrlFrom(flag: string | undefined, command: string): string {
  const raw = flag ?? process.env[API_URL_ENV] ?? DEFAULT_API_URL;
  const source = flag !== undefined ? "--api-url" : process.env[API_URL_ENV] !== undefined ? API_URL_ENV : "the default";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`${source} ${JSON.stringify(raw)} is not a web address such as https://streamkit.example`, command);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usageError(`${source} must start with https:// or http://, not ${url.protocol}//`, command);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw usageError(`${source} must be the site's address only (no user, query or #fragment), e.g. https://streamkit.example`, command);
  }
  return url.href.replace(/\/+$/, "");
}
