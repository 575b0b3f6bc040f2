import type { Serve } from "./http-server";
import { writePlainPage } from "./plain-page";

/** True when every percent-escape of the address's path decodes to UTF-8 (Next's router throws on the others). */
export function decodablePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wraps the website's handler: a page address whose path is not valid
 * percent-encoding (`/plugins/%`, `/plugins/%E0%A4%A`) names no page, and gets
 * a designed 400 page instead of the error Next's router would answer with.
 */
export function refuseMalformedPaths(serve: Serve): Serve {
  return async (req, res) => {
    if (decodablePath(req.url ?? "/")) return serve(req, res);
    writePlainPage(req, res, {
      status: 400,
      title: "This address is not valid",
      paragraphs: [
        "Part of the address could not be read, so it names no page here. Check the link, or start again from the marketplace.",
        '<a href="/">Go to the marketplace</a>',
      ],
    });
  };
}
