/**
 * The operator's sound catalogue commands (docs/market-and-sounds.md#sounds): add a sound from
 * an audio file, list the catalogue, remove a sound. The file is read by the
 * process that runs the command (the CLI, or the server behind the admin
 * channel): main.ts makes its path absolute first.
 */
import { readFile, stat } from "node:fs/promises";
import { type SoundCategorySlug, soundCategorySlugs, soundLimits } from "@streamkit/api-contract";
import { sounds } from "@streamkit/db";
import { asc } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { AppError } from "@streamkit/api-contract";
import { addSound, removeSound } from "./sounds";

type Flags = Record<string, string | boolean | undefined>;
const usage = (message: string) => new AppError("bad_request", message);

const text = (flags: Flags, name: string, max: number): string | undefined => {
  const value = flags[name];
  if (value === undefined) return undefined;
  const trimmed = String(value).trim();
  if (!trimmed || trimmed.length > max) throw usage(`--${name} must be 1 to ${max} characters.`);
  return trimmed;
};

async function readAudioFile(path: string): Promise<Uint8Array> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw usage(`--file ${path}: no such file.`);
  if (info.size > soundLimits.maxAudioBytes) throw usage(`--file ${path}: ${info.size} bytes; the catalogue takes at most ${soundLimits.maxAudioBytes}.`);
  return new Uint8Array(await readFile(path));
}

/** The shape of commands.ts's table entries. */
interface SoundCommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

export const soundCommands: Record<string, SoundCommand> = {
  "sound add": {
    usage: `sound add --file PATH --name N --category ${soundCategorySlugs.join("|")} [--description D] [--licence SPDX] [--attribution A] [--duration-ms MS (not WAV)]`,
    options: {
      file: { type: "string" },
      name: { type: "string" },
      category: { type: "string" },
      description: { type: "string" },
      licence: { type: "string" },
      attribution: { type: "string" },
      "duration-ms": { type: "string" },
    },
    required: ["file", "name", "category"],
    async run(deps: AppDeps, flags: Flags) {
      const category = String(flags.category);
      if (!soundCategorySlugs.includes(category as SoundCategorySlug)) throw usage(`--category must be one of ${soundCategorySlugs.join(", ")}.`);
      const durationFlag = flags["duration-ms"];
      if (durationFlag !== undefined && !/^[1-9]\d{0,8}$/.test(String(durationFlag))) throw usage("--duration-ms must be a positive whole number.");
      const description = flags.description === undefined ? "" : String(flags.description).trim();
      if (description.length > soundLimits.maxDescriptionLength) throw usage(`--description must be at most ${soundLimits.maxDescriptionLength} characters.`);
      const sound = await addSound(deps.db, {
        bytes: await readAudioFile(String(flags.file)),
        name: text(flags, "name", soundLimits.maxNameLength)!,
        category: category as SoundCategorySlug,
        description,
        licence: text(flags, "licence", 100) ?? "LicenseRef-Streamkit-Operator",
        attribution: text(flags, "attribution", 200) ?? "Added by the operator",
        durationMs: durationFlag === undefined ? undefined : Number(durationFlag),
      });
      if (!sound) throw new AppError("slug_taken", "Every slug made from this name is taken; choose another name.");
      const { blobKey: _blobKey, createdAt, ...rest } = sound;
      return { sound: { ...rest, createdAt: createdAt.toISOString() } };
    },
  },
  "sound list": {
    usage: "sound list",
    options: {},
    async run(deps: AppDeps) {
      const rows = await deps.db
        .select({
          id: sounds.id,
          slug: sounds.slug,
          name: sounds.name,
          category: sounds.category,
          durationMs: sounds.durationMs,
          format: sounds.format,
          size: sounds.size,
          licence: sounds.licence,
        })
        .from(sounds)
        .orderBy(asc(sounds.category), asc(sounds.name), asc(sounds.id));
      return { sounds: rows };
    },
  },
  "sound remove": {
    usage: "sound remove --id ID",
    options: { id: { type: "string" } },
    required: ["id"],
    async run(deps: AppDeps, flags: Flags) {
      if (!(await removeSound(deps.db, String(flags.id)))) throw new AppError("not_found", `No sound with the id ${String(flags.id)}.`);
      return { removed: String(flags.id) };
    },
  },
};
