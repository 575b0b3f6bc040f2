import { AppError } from "@streamkit/api-contract";
import type { RawInput } from "../rest/raw";
import { OAuthError } from "./protocol-error";

/**
 * The form body of the token and revocation endpoints (RFC 6749 §3.2,
 * RFC 7009 §2.1): application/x-www-form-urlencoded, UTF-8, each parameter
 * once. The client authenticates with `client_id` alone (method `none`): an
 * Authorization header is a method this server does not have.
 */
export async function readOAuthForm(input: RawInput): Promise<Map<string, string>> {
  if (input.header("authorization") !== null)
    throw new OAuthError("invalid_client", "Public clients authenticate with client_id in the body and nothing else (token_endpoint_auth_method none).", 401);
  const type = input.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  let bytes: Uint8Array;
  try {
    bytes = await input.body();
  } catch (error) {
    if (error instanceof AppError) throw new OAuthError("invalid_request", error.message, error.status === 413 ? 413 : 400);
    throw error;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new OAuthError("invalid_request", "The body is not valid UTF-8.");
  }
  const form = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (form.has(name)) throw new OAuthError("invalid_request", `${name.slice(0, 40)} is sent more than once.`);
    if (value.includes("\u0000")) throw new OAuthError("invalid_request", `${name.slice(0, 40)} holds a NUL character.`);
    form.set(name, value);
  }
  return form;
}

export function required(form: Map<string, string>, name: string): string {
  const value = form.get(name);
  if (value === undefined || value === "") throw new OAuthError("invalid_request", `${name} is missing.`);
  return value;
}
