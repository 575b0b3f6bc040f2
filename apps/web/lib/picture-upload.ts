import { type Asset, assetLimits, assetNameSchema, assetSchema } from "@streamkit/api-contract";

/**
 * The website's picture and sound upload (docs/overlays.md#pictures-and-the-asset-library,
 * docs/overlays.md#uploaded-alert-sounds): the file's bytes as the body of
 * POST /api/assets?name=, with the session, as the Pictures page and the editor send it. The API decides everything
 * (plan, storage, type, size); a refusal comes back as its code and message, to show as they are.
 */
export type UploadOutcome = { ok: true; asset: Asset } | { ok: false; code: string; message: string };

/** The name a picture or sound gets from its file: the file name without its extension, within the library's limit. */
export function nameFromFile(fileName: string, fallback = "Picture"): string {
  const base = fileName.replace(/\.[^.]*$/, "").trim() || fileName.trim();
  return base.slice(0, assetLimits.maxNameLength).trim() || fallback;
}

export async function uploadPicture(file: Blob, name: string): Promise<UploadOutcome> {
  const checked = assetNameSchema.safeParse(name);
  if (!checked.success) return { ok: false, code: "bad_request", message: checked.error.issues[0]?.message ?? "Give the picture or sound a name." };
  const sent = await sendFile(`/api/assets?name=${encodeURIComponent(checked.data)}`, "POST", file, assetLimits.maxUploadBytes, (body) => {
    const asset = assetSchema.safeParse(body);
    return asset.success ? asset.data : null;
  });
  return sent.ok ? { ok: true, asset: sent.value } : sent;
}

export type SendOutcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/**
 * Sends a file's bytes as the body to one of the site's upload doors (the asset library's, a plugin's icon and
 * screenshots'), with the session. A file past `limit` is not sent at all (the API could only refuse it); a refusal
 * comes back as the API's code and message.
 */
export async function sendFile<T>(url: string, method: string, file: Blob, limit: number, parse: (body: unknown) => T | null): Promise<SendOutcome<T>> {
  if (file.size > limit) {
    return {
      ok: false,
      code: "payload_too_large",
      message: `The file is ${file.size.toLocaleString("en")} bytes; an upload may be at most ${limit.toLocaleString("en")} bytes (${limit / 1024 / 1024} MiB).`,
    };
  }
  let response: Response;
  try {
    response = await fetch(url, { method, body: file, headers: { "content-type": file.type || "application/octet-stream" } });
  } catch {
    return { ok: false, code: "network_error", message: "The upload did not reach the site: check your connection and try again." };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const value = parse(body);
    if (value !== null) return { ok: true, value };
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code === "string" && typeof error.message === "string") return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: "internal_error", message: `The upload failed (HTTP ${response.status}). Try again.` };
}
