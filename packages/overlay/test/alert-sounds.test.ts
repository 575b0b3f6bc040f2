import { describe, expect, it } from "vitest";
import {
  ALERT_SOUND_LIMITS,
  alertSoundAssetIds,
  alertSoundFor,
  alertSoundIds,
  alertSoundRef,
  alertSoundKeys,
  alertTypes,
  type OverlayDocument,
  overlayDocumentSchema,
  setAlertSound,
} from "../src";

const DING = "0b5d3c7e-9a41-4d2f-8f7e-2a9c1e4b6d80";
const HORN = "7f3e2d1c-0b9a-4876-9543-210fedcba987";
const doc = (alertSounds: unknown) => ({ schema: 1, canvas: { width: 1280, height: 720 }, layers: [], alertSounds });
const sound = (id: string, volume = 0.5) => ({ sound: { kind: "catalogue" as const, id }, volume });
const problems = (value: unknown) => {
  const result = overlayDocumentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("alertSounds in the document", () => {
  it("is optional: a document without it stays valid", () => {
    expect(problems({ schema: 1, canvas: { width: 1280, height: 720 }, layers: [] })).toEqual([]);
  });

  it("takes a sound for each alert type and a default, volumes 0 to 1 inclusive", () => {
    const all = Object.fromEntries(alertSoundKeys.map((key, i) => [key, sound(i % 2 ? DING : HORN, i / alertSoundKeys.length)]));
    expect(problems(doc(all))).toEqual([]);
    expect(problems(doc({ donation: sound(DING, ALERT_SOUND_LIMITS.volumeMin), default: sound(HORN, ALERT_SOUND_LIMITS.volumeMax) }))).toEqual([]);
    expect(problems(doc({}))).toEqual([]);
  });

  it("accepts an id the catalogue may not have: it is checked when played, not saved", () => {
    expect(problems(doc({ follow: sound("00000000-0000-4000-8000-000000000000") }))).toEqual([]);
  });

  it("takes an uploaded sound by its asset id, beside catalogue sounds", () => {
    expect(problems(doc({ donation: { sound: { kind: "asset", id: DING }, volume: 0.5 }, default: sound(HORN) }))).toEqual([]);
  });

  it.each([
    ["a volume above 1", { donation: sound(DING, 1.01) }, "alertSounds.donation.volume", "from 0 (silent) to 1"],
    ["a negative volume", { donation: sound(DING, -0.1) }, "alertSounds.donation.volume", "from 0 (silent) to 1"],
    ["a volume that is not a number", { donation: { sound: { kind: "catalogue", id: DING }, volume: "loud" } }, "alertSounds.donation.volume", ""],
    ["a missing volume", { donation: { sound: { kind: "catalogue", id: DING } } }, "alertSounds.donation.volume", ""],
    ["an id that is not a UUID", { donation: sound("thunder") }, "alertSounds.donation.sound.id", "is a UUID"],
    ["an unknown kind of source", { donation: { sound: { kind: "upload", id: DING }, volume: 1 } }, "alertSounds.donation.sound.kind", ""],
    [
      "an uploaded sound whose id is not a UUID",
      { donation: { sound: { kind: "asset", id: "my-horn.mp3" }, volume: 1 } },
      "alertSounds.donation.sound.id",
      "asset id",
    ],
    [
      "an uploaded sound with an extra member",
      { donation: { sound: { kind: "asset", id: DING, url: "/x.mp3" }, volume: 1 } },
      "alertSounds.donation.sound",
      "url",
    ],
    ["an unknown alert type", { hype: sound(DING) }, "alertSounds", "hype"],
    ["a misspelt member", { donation: { ...sound(DING), volumne: 1 } }, "alertSounds.donation", "volumne"],
    ["not an object", "ding", "alertSounds", ""],
  ])("refuses %s, at its path", (_case, alertSounds, path, message) => {
    const found = problems(doc(alertSounds));
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe(path);
    expect(found[0]!.message).toContain(message);
  });
});

describe("alertSoundFor and alertSoundIds", () => {
  const sounds = { donation: sound(DING, 0.3), default: sound(HORN, 0.9) };

  it("plays an alert's own sound, else the default, else none", () => {
    expect(alertSoundFor(sounds, "donation")).toEqual(sound(DING, 0.3));
    expect(alertSoundFor(sounds, "raid")).toEqual(sound(HORN, 0.9));
    expect(alertSoundFor({ donation: sound(DING) }, "raid")).toBeNull();
    expect(alertSoundFor(undefined, "donation")).toBeNull();
    // A type the document does not know (a newer client's) gets the default, never a member of the object's prototype.
    expect(alertSoundFor(sounds, "toString")).toEqual(sound(HORN, 0.9));
  });

  it("lists each named sound once: what the OBS source may fetch", () => {
    expect(alertSoundIds({ ...sounds, raid: sound(DING) }).sort()).toEqual([DING, HORN].sort());
    expect(alertSoundIds(undefined)).toEqual([]);
  });

  it("keeps catalogue sounds and uploaded sounds apart: each route serves only its own kind", () => {
    const mixed = {
      donation: { sound: { kind: "asset" as const, id: DING }, volume: 0.4 },
      raid: { sound: { kind: "asset" as const, id: DING }, volume: 1 },
      default: sound(HORN),
    };
    expect(alertSoundIds(mixed)).toEqual([HORN]);
    expect(alertSoundAssetIds(mixed)).toEqual([DING]);
    expect(alertSoundAssetIds(undefined)).toEqual([]);
    expect(alertSoundRef(mixed.donation.sound, undefined)).toEqual({ kind: "asset", id: DING });
    expect(alertSoundRef({ kind: "var", key: "s" }, { s: { type: "sound", value: HORN } })).toEqual({ kind: "catalogue", id: HORN });
    expect(alertSoundRef({ kind: "var", key: "s" }, { s: { type: "sound", value: "" } })).toBeNull();
  });

  it("covers every alert type", () => {
    expect(alertSoundKeys).toEqual(["default", ...alertTypes]);
  });
});

describe("setAlertSound", () => {
  const base: OverlayDocument = { schema: 1, canvas: { width: 1280, height: 720 }, layers: [] };

  it("sets, replaces and removes one key, leaving the others and the document's other members", () => {
    const one = setAlertSound(base, "donation", sound(DING, 0.3));
    expect(one).toEqual({ ...base, alertSounds: { donation: sound(DING, 0.3) } });
    const two = setAlertSound(one, "default", sound(HORN));
    expect(two.alertSounds).toEqual({ donation: sound(DING, 0.3), default: sound(HORN) });
    expect(setAlertSound(two, "donation", sound(DING, 1)).alertSounds).toEqual({ donation: sound(DING, 1), default: sound(HORN) });
    expect(setAlertSound(two, "donation", null).alertSounds).toEqual({ default: sound(HORN) });
    expect(one).toEqual({ ...base, alertSounds: { donation: sound(DING, 0.3) } }); // not mutated
  });

  it("removing the last sound leaves the member out; removing an absent one changes nothing", () => {
    expect(setAlertSound(setAlertSound(base, "raid", sound(DING)), "raid", null)).toEqual(base);
    expect(setAlertSound(base, "raid", null)).toEqual(base);
  });
});
