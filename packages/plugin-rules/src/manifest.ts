/**
 * plugin.json (docs/plugins.md#the-manifest) as one zod schema, shared by the server's publish
 * check, the author CLI and the website's forms. Every message names the
 * field and says what to change, because authors read them verbatim in the
 * CLI and in 400 invalid_package responses.
 */
import { z } from "zod";
import { jsonPointer } from "./json";
import { MANIFEST_LIMITS } from "./limits";
import { pathProblems } from "./paths";
import { isPermission, PERMISSION_NAMES } from "./permissions";
import { explainInvalidVersion } from "./semver";
import { closestMatch, suggestPermission } from "./suggest";

export const PLUGIN_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const VERSION_PATTERN = /^\d+\.\d+\.\d+([-+].+)?$/;

export const MANIFEST_FIELDS = [
  "id",
  "name",
  "version",
  "author",
  "description",
  "homepage",
  "main",
  "api",
  "permissions",
  "optional_permissions",
  "library",
  "libraries",
] as const;

/** What a wrongly typed or missing value gets told; `label` is how messages name it, e.g. '"id"'. */
const typeMessage = (label: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} must be ${what}`;

/** A valid id close to what was typed: "My Plugin" → "my-plugin". */
function idLike(input: string): string | undefined {
  const slug = input
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.length >= MANIFEST_LIMITS.idMinLength && slug.length <= MANIFEST_LIMITS.idMaxLength ? slug : undefined;
}

/** A plugin id, for "id" and for each entry of "libraries"; `label` names it in messages. */
function idSchemaFor(label: string) {
  const { idMinLength: min, idMaxLength: max } = MANIFEST_LIMITS;
  return z
    .string({ error: typeMessage(label, 'a string such as "my-plugin"') })
    .min(min, { error: (i) => `${label} must be ${min} to ${max} characters long; "${String(i.input)}" is too short` })
    .max(max, { error: (i) => `${label} must be ${min} to ${max} characters long; "${String(i.input)}" is too long` })
    .regex(PLUGIN_ID_PATTERN, {
      error: (i) => {
        const better = idLike(String(i.input));
        return (
          `${label} may use only lowercase letters, digits and single hyphens between them` +
          (better && better !== i.input ? `: try "${better}"` : ', e.g. "my-plugin"')
        );
      },
    });
}

export function unknownPermissionMessage(field: string, name: unknown): string {
  if (typeof name !== "string") return `each entry of "${field}" must be a permission name in double quotes, e.g. "chat.read"`;
  const guess = suggestPermission(name);
  return guess
    ? `unknown permission "${name}": did you mean "${guess}"?`
    : `unknown permission "${name}": use one of ${PERMISSION_NAMES.map((p) => `"${p}"`).join(", ")}`;
}

/** Reports each repeated entry at its second (third, …) position. Runs even when some entries are invalid, so both kinds of problem show up at once. */
function noRepeats(field: string) {
  return (list: unknown, ctx: z.RefinementCtx) => {
    if (!Array.isArray(list)) return;
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      if (typeof item !== "string") return;
      if (seen.has(item)) {
        ctx.addIssue({ code: "custom", path: [index], message: `"${item}" is listed twice in "${field}": remove one` });
      }
      seen.add(item);
    });
  };
}

function permissionListSchema(field: "permissions" | "optional_permissions") {
  return z
    .array(z.enum(PERMISSION_NAMES, { error: (i) => unknownPermissionMessage(field, i.input) }), {
      error: `"${field}" must be a list of permission names, e.g. ["chat.read"]`,
    })
    .superRefine(noRepeats(field), { when: () => true })
    .default([]);
}

/** A plugin id as "id" and "libraries" require it. */
export const pluginIdSchema = idSchemaFor('"id"');

export const manifestSchema = z
  .strictObject(
    {
      id: pluginIdSchema,
      name: z
        .string({ error: typeMessage('"name"', "a string: the plugin's display name") })
        .min(MANIFEST_LIMITS.nameMinLength, { error: '"name" must not be empty' })
        .max(MANIFEST_LIMITS.nameMaxLength, {
          error: `"name" must be at most ${MANIFEST_LIMITS.nameMaxLength} characters long: shorten it`,
        }),
      version: z
        .string({ error: typeMessage('"version"', 'a string such as "1.0.0"') })
        .regex(VERSION_PATTERN, {
          error: (i) =>
            `"version" must look like "1.2.3" (three numbers separated by dots, optionally followed by "-" or "+" and more, e.g. "1.0.0-beta.1"), not "${String(i.input)}"`,
          abort: true,
        })
        .superRefine((version, ctx) => {
          const why = explainInvalidVersion(version);
          if (why) ctx.addIssue({ code: "custom", message: `"version" "${version}" is not valid SemVer 2.0: ${why}` });
        }),
      author: z.string({ error: typeMessage('"author"', "a string") }).optional(),
      description: z
        .string({ error: typeMessage('"description"', "a string") })
        .max(MANIFEST_LIMITS.descriptionMaxLength, {
          error: (i) => `"description" must be at most ${MANIFEST_LIMITS.descriptionMaxLength} characters long; it has ${String(i.input).length}: shorten it`,
        })
        .optional(),
      homepage: z
        .url({
          protocol: /^https?$/,
          hostname: z.regexes.domain,
          error: '"homepage" must be a full web address starting with https:// or http://, e.g. "https://example.com/my-plugin"',
        })
        .optional(),
      main: z
        .string({ error: typeMessage('"main"', 'a string such as "main.lua"') })
        .superRefine((main, ctx) => {
          const [problem] = pathProblems(main);
          if (problem) ctx.addIssue({ code: "custom", message: `"main" is not a usable file path: ${problem}` });
          else if (!main.endsWith(".lua")) {
            ctx.addIssue({ code: "custom", message: `"main" must name a Lua file ending in ".lua", e.g. "main.lua"` });
          }
        })
        .default("main.lua"),
      api: z.literal(1, { error: '"api" must be 1, the only plugin API version (or leave it out)' }).default(1),
      permissions: permissionListSchema("permissions"),
      optional_permissions: permissionListSchema("optional_permissions"),
      library: z.boolean({ error: '"library" must be true or false' }).default(false),
      libraries: z
        .array(idSchemaFor('each entry of "libraries"'), {
          error: '"libraries" must be a list of plugin ids, e.g. ["overlay-kit"]',
        })
        .max(MANIFEST_LIMITS.maxLibraries, {
          error: (i) =>
            `"libraries" may list at most ${MANIFEST_LIMITS.maxLibraries} libraries; it lists ${Array.isArray(i.input) ? i.input.length : "more"}: remove some`,
        })
        .superRefine(noRepeats("libraries"), { when: () => true })
        .default([]),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown ${issue.keys.length === 1 ? "property" : "properties"} ${issue.keys
              .map((k) => `"${k}"`)
              .join(", ")}: remove ${issue.keys.length === 1 ? "it" : "them"}`
          : 'plugin.json must hold a JSON object such as { "id": "my-plugin", "name": "My plugin", "version": "1.0.0" }',
    },
  )
  .superRefine(
    (manifest, ctx) => {
      // Runs even when other fields failed, so the value may be partial or not an object at all.
      if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest)) return;
      const m = manifest as Partial<Record<(typeof MANIFEST_FIELDS)[number], unknown>>;
      const required = new Set(Array.isArray(m.permissions) ? m.permissions : []);
      if (Array.isArray(m.optional_permissions)) {
        m.optional_permissions.forEach((p, index) => {
          if (isPermission(p) && required.has(p)) {
            ctx.addIssue({
              code: "custom",
              path: ["optional_permissions", index],
              message: `"${p}" is in both "permissions" and "optional_permissions": keep it in only one (in "permissions" if the plugin cannot work without it)`,
            });
          }
        });
      }
      if (Array.isArray(m.libraries) && typeof m.id === "string") {
        const index = m.libraries.indexOf(m.id);
        if (index >= 0) {
          ctx.addIssue({
            code: "custom",
            path: ["libraries", index],
            message: `a plugin cannot load itself: remove "${m.id}" from "libraries"`,
          });
        }
      }
    },
    { when: () => true },
  );

/** plugin.json after parsing: defaults applied (main "main.lua", api 1, library false, empty lists). */
export type Manifest = z.output<typeof manifestSchema>;
/** plugin.json as an author writes it. */
export type ManifestInput = z.input<typeof manifestSchema>;

export interface ManifestProblem {
  /** JSON pointer into plugin.json, e.g. "/permissions/1"; "" for the whole document. */
  pointer: string;
  message: string;
}

/** zod issues as problems, one per unknown property so each points at its own key. */
export function manifestProblemsFromIssues(issues: readonly z.core.$ZodIssue[]): ManifestProblem[] {
  return issues.flatMap((issue): ManifestProblem[] => {
    if (issue.code !== "unrecognized_keys") return [{ pointer: jsonPointer(issue.path), message: issue.message }];
    return issue.keys.map((key) => {
      const guess = closestMatch(key, MANIFEST_FIELDS);
      return {
        pointer: jsonPointer([...issue.path, key]),
        message: `unknown property "${key}": ${guess ? `did you mean "${guess}"?` : `remove it (plugin.json may contain ${MANIFEST_FIELDS.map((f) => `"${f}"`).join(", ")})`}`,
      };
    });
  });
}

export type ManifestParseResult = { ok: true; manifest: Manifest } | { ok: false; problems: ManifestProblem[] };

/** Checks a parsed plugin.json value. */
export function parseManifest(value: unknown): ManifestParseResult {
  const result = manifestSchema.safeParse(value);
  return result.success ? { ok: true, manifest: result.data } : { ok: false, problems: manifestProblemsFromIssues(result.error.issues) };
}

/** docs/plugins.md#the-manifest: the id must equal the plugin folder's name. Only the CLI knows the folder. */
export function idMatchesFolder(manifest: Pick<Manifest, "id">, folderName: string): boolean {
  return manifest.id === folderName;
}

export function folderMismatchMessage(id: string, folderName: string): string {
  return `"id" is "${id}" but the plugin folder is named "${folderName}": they must be equal, so rename the folder or change "id"`;
}
