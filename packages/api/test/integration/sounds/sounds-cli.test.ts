/**
 * The operator's sound commands as a child process, exactly as an operator
 * runs them (`npm run -s admin -- sound …`): on a data folder of its own
 * (PGlite) or a fresh PostgreSQL database. Adding reads the format from the
 * bytes and a WAV's length from its header; unknown formats are refused.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeWav, render, seededSounds } from "@streamkit/seed";
import { admin } from "../../support/admin-cli";
import { createTestDatabase } from "../../support/database";

let database: DatabaseHandle | undefined;
let env: Record<string, string>;
const files = mkdtempSync(join(tmpdir(), "streamkit-sound-files-"));
const wav = join(files, "beep.wav");
const mp3 = join(files, "tagged.mp3");
const text = join(files, "notes.wav");

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url! };
  } else {
    env = { DATA_DIR: mkdtempSync(join(tmpdir(), "streamkit-sound-cli-")) };
  }
  writeFileSync(wav, encodeWav(render(0.75, 8000, 1, (s) => s.tone({ at: 0, dur: 0.75, freq: 660 }))));
  writeFileSync(mp3, Buffer.concat([Buffer.from("ID3"), Buffer.alloc(40, 1)]));
  writeFileSync(text, "not audio at all, whatever the name says");
}, 120_000);
afterAll(() => database?.close());

describe("npm run -s admin -- sound …", () => {
  let added: { id: string };

  it("adds a WAV with its length read from the header, and lists it beside the seeded catalogue", async () => {
    const result = await admin(
      [
        "sound",
        "add",
        "--file",
        wav,
        "--name",
        "Beep beep",
        "--category",
        "alerts",
        "--licence",
        "CC-BY-4.0",
        "--attribution",
        "Ada",
        "--description",
        "A beep.",
      ],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.json.sound).toEqual({
      id: expect.any(String),
      slug: "beep-beep",
      name: "Beep beep",
      category: "alerts",
      description: "A beep.",
      durationMs: 750,
      format: "audio/wav",
      size: 44 + 6000 * 2,
      licence: "CC-BY-4.0",
      attribution: "Ada",
      createdAt: expect.any(String),
    });
    added = result.json.sound;
    const again = await admin(["sound", "add", "--file", wav, "--name", "Beep beep", "--category", "alerts"], env);
    expect(again.json.sound).toMatchObject({ slug: "beep-beep-2", licence: "LicenseRef-Streamkit-Operator", attribution: "Added by the operator" });

    const list = await admin(["sound", "list"], env);
    expect(list.code).toBe(0);
    expect(list.json.sounds).toHaveLength(seededSounds.length + 2);
    expect(list.json.sounds).toContainEqual(expect.objectContaining({ id: added.id, slug: "beep-beep", durationMs: 750, format: "audio/wav" }));
  }, 120_000);

  it("refuses what it cannot take, with a clear message and exit code 2", async () => {
    const unknown = await admin(["sound", "add", "--file", text, "--name", "Notes", "--category", "alerts"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.error.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("not audio the catalogue takes") });

    const noLength = await admin(["sound", "add", "--file", mp3, "--name", "Tagged", "--category", "alerts"], env);
    expect(noLength.code).toBe(2);
    expect(noLength.error.error.message).toContain("--duration-ms");

    const category = await admin(["sound", "add", "--file", wav, "--name", "X", "--category", "jazz"], env);
    expect(category.code).toBe(2);
    expect(category.error.error.message).toContain("--category must be one of alerts");

    const missing = await admin(["sound", "add", "--file", join(files, "absent.wav"), "--name", "X", "--category", "alerts"], env);
    expect(missing.code).toBe(2);
    expect(missing.error.error.message).toContain("no such file");
  }, 120_000);

  it("adds another format when told its length, and removes sounds (an unknown id is not_found)", async () => {
    const tagged = await admin(["sound", "add", "--file", mp3, "--name", "Tagged", "--category", "reactions", "--duration-ms", "1200"], env);
    expect(tagged.code, tagged.stderr).toBe(0);
    expect(tagged.json.sound).toMatchObject({ format: "audio/mpeg", durationMs: 1200 });

    const removed = await admin(["sound", "remove", "--id", added.id], env);
    expect(removed.code).toBe(0);
    expect(removed.json).toEqual({ removed: added.id });
    const gone = await admin(["sound", "remove", "--id", added.id], env);
    expect(gone.code).toBe(1);
    expect(gone.error.error.code).toBe("not_found");
  }, 120_000);
});
