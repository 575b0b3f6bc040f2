import { readFile } from "node:fs/promises";
import { httpLimits, publishLimits, publishRequestSchema, publishResponseSchema, rateLimits, windowName } from "@streamkit/api-contract";
import { planTitles, plansGranting } from "@streamkit/plans";
import { formatBytes } from "@streamkit/plugin-rules";
import { parseCommandArgs, usageError } from "../args";
import { callApi, explainFailure } from "../api";
import { checkFolder } from "../check";
import { API_KEY_ENV, API_URL_ENV, apiKeyFrom, apiUrlFrom, DEFAULT_API_URL } from "../config";
import { CliError } from "../errors";
import { EXIT, EXIT_CODE_HELP } from "../exit-codes";
import type { Output } from "../output";
import { describeSkipped, fileSummary, invalidPackageError } from "./validate";

export const publishHelp = `Usage: streamkit-plugin publish [dir] --changelog TEXT [--api-key KEY] [--api-url URL] [--json]

Checks the plugin folder (default: the current folder) exactly as validate does,
then uploads every file as a new version. Nothing is uploaded when the local
check finds a problem.

  --changelog TEXT       What changed in this version (required, 1 to ${publishLimits.maxChangelogLength} characters).
  --changelog-file PATH  Read the changelog from a file instead (e.g. release notes).
  --api-key KEY          API key with the plugins:write scope. Default: $${API_KEY_ENV}.
                         Prefer the environment variable: flags end up in shell history.
  --api-url URL          The site's address. Default: $${API_URL_ENV}, else ${DEFAULT_API_URL}.
  --json                 Print one JSON object instead of text.

Publishing needs the ${planTitles(plansGranting("pluginPublish"))} plan; at most ${rateLimits.publish.limit} publishes per ${windowName(rateLimits.publish.windowSeconds)}.

${EXIT_CODE_HELP}`;

async function changelogFrom(values: { changelog?: string; "changelog-file"?: string }): Promise<string> {
  if (values.changelog !== undefined && values["changelog-file"] !== undefined) {
    throw usageError("give --changelog or --changelog-file, not both", "publish");
  }
  let text = values.changelog;
  if (values["changelog-file"] !== undefined) {
    text = await readFile(values["changelog-file"], "utf8").catch(() => {
      throw usageError(`cannot read the changelog file ${JSON.stringify(values["changelog-file"])}`, "publish");
    });
  }
  if (text === undefined) throw usageError('say what changed: --changelog "Fixed the !hello reply"', "publish");
  const checked = publishRequestSchema.shape.changelog.safeParse(text);
  if (!checked.success) throw usageError(`--changelog: ${checked.error.issues[0]!.message}`, "publish");
  return checked.data;
}

export async function runPublish(argv: string[], out: Output): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    "publish",
    argv,
    {
      changelog: { type: "string" },
      "changelog-file": { type: "string" },
      "api-key": { type: "string" },
      "api-url": { type: "string" },
    },
    { max: 1 },
  );
  const changelog = await changelogFrom(values);
  const base = apiUrlFrom(values["api-url"], "publish");
  const key = apiKeyFrom(values["api-key"], "plugins:write");

  const check = await checkFolder(positionals[0] ?? ".", "publish");
  describeSkipped(check, out);
  if (!check.result.ok) {
    throw invalidPackageError(check, EXIT.invalidPackage, (them) => `nothing was uploaded: fix ${them} and publish again`);
  }
  const { manifest, files } = check.result;
  const body = { files, changelog };
  const bodyBytes = Buffer.byteLength(JSON.stringify(body), "utf8");
  if (bodyBytes > httpLimits.maxBodyBytes) {
    throw new CliError(
      EXIT.invalidPackage,
      "payload_too_large",
      `the upload would be ${formatBytes(bodyBytes)} of JSON; the service accepts at most ${formatBytes(httpLimits.maxBodyBytes)}`,
      { hints: ["leave out files the plugin does not need, or shorten the changelog"] },
    );
  }

  const answer = await callApi({ base, method: "POST", path: "/plugins", key, body });
  if (answer.status < 200 || answer.status >= 300) throw explainFailure(answer, { operation: "publish", base, key });

  const parsed = publishResponseSchema.safeParse(answer.json);
  const slug = parsed.success ? parsed.data.version.slug : manifest.id;
  const version = parsed.success ? parsed.data.version.version : manifest.version;
  const summary = parsed.success ? parsed.data.version.files : fileSummary(files);
  const url = `${base}/plugins/${encodeURIComponent(slug)}`;
  const total = summary.reduce((sum, f) => sum + f.bytes, 0);
  if (!parsed.success) out.warn(`published (HTTP ${answer.status}), but the answer was not in the expected form; showing what was sent`);

  out.result("publish", {
    slug,
    version,
    changelog,
    files: summary,
    url,
    ...(parsed.success ? { createdAt: parsed.data.version.createdAt, review: parsed.data.version.review, item: parsed.data.item } : {}),
    ...(answer.requestId ? { requestId: answer.requestId } : {}),
  });
  const sizes = `${summary.length} file${summary.length === 1 ? "" : "s"}, ${formatBytes(total)}`;
  const review = parsed.success ? parsed.data.version.review : undefined;
  if (review?.status === "held") {
    // Stored but not listed until an operator approves it (docs/plugins.md#held-versions).
    out.line(`Uploaded ${slug} ${version} (${sizes}); it is held for review and not listed until an operator approves it:`);
    for (const reason of review.reasons) out.line(`  - ${reason.message}`);
    out.line(`Status: ${base}/dashboard/plugins`);
    return;
  }
  out.line(`Published ${slug} ${version}: ${sizes}.`);
  out.line(`Page: ${url}`);
}
