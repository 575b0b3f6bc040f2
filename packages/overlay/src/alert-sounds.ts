import { z } from "zod";
import { varKeySchema } from "./layers";
import type { OverlayVar } from "./vars";

/**
 * Alert sounds (docs/overlays.md#alert-sounds): which sound an alert plays on the OBS source, by alert type,
 * and a default for the types not named. A sound is a catalogue sound by id; `kind` discriminates so uploads
 * can join later without a new schema. An id is not checked on save (the catalogue changes): an unknown one plays nothing.
 */

/** The alert types a source plays (the test alerts' types: api-contract's testAlertTypes is this list). */
export const alertTypes = ["follow", "subscription", "donation", "raid", "chat", "plugin"] as const;
export type AlertType = (typeof alertTypes)[number];

/** The keys of `alertSounds`: each alert type, and `default` for the types without their own. */
export const alertSoundKeys = ["default", ...alertTypes] as const;
export type AlertSoundKey = (typeof alertSoundKeys)[number];

export const ALERT_SOUND_LIMITS = { volumeMin: 0, volumeMax: 1, defaultVolume: 0.8 } as const;

/** A catalogue sound by id, or a `sound` setting of the document's vars (docs/overlays.md#widget-settings) that the streamer picks in the form. */
export const alertSoundSourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("catalogue"), id: z.uuid("A catalogue sound's id is a UUID.") }),
  z.strictObject({ kind: z.literal("var"), key: varKeySchema }),
]);
export type AlertSoundSource = z.infer<typeof alertSoundSourceSchema>;

/** The catalogue sound id a source plays: its own, or its sound setting's value; null for a setting left empty or missing. */
export function alertSoundId(source: AlertSoundSource, vars: Readonly<Record<string, OverlayVar>> | undefined): string | null {
  if (source.kind === "catalogue") return source.id;
  const variable = vars && Object.hasOwn(vars, source.key) ? vars[source.key] : undefined;
  return variable?.type === "sound" && variable.value !== "" ? variable.value : null;
}

export const alertSoundSchema = z.strictObject({
  sound: alertSoundSourceSchema,
  volume: z
    .number()
    .min(ALERT_SOUND_LIMITS.volumeMin, "A volume is from 0 (silent) to 1 (the sound as recorded).")
    .max(ALERT_SOUND_LIMITS.volumeMax, "A volume is from 0 (silent) to 1 (the sound as recorded)."),
});
export type AlertSound = z.infer<typeof alertSoundSchema>;

/** By key; every key optional, an unknown key refused (strict). */
export const alertSoundsSchema = z.strictObject(
  Object.fromEntries(alertSoundKeys.map((key) => [key, alertSoundSchema.optional()])) as Record<AlertSoundKey, z.ZodOptional<typeof alertSoundSchema>>,
);
export type AlertSounds = z.infer<typeof alertSoundsSchema>;

/** The sound an alert of `type` plays: its own, else the default; null for none. */
export function alertSoundFor(sounds: AlertSounds | undefined, type: string): AlertSound | null {
  if (!sounds) return null;
  const own = (alertTypes as readonly string[]).includes(type) ? sounds[type as AlertType] : undefined;
  return own ?? sounds.default ?? null;
}

/** The catalogue sound ids a document names, through its sound settings too: the only ones its OBS source may fetch. */
export function alertSoundIds(sounds: AlertSounds | undefined, vars?: Readonly<Record<string, OverlayVar>>): string[] {
  if (!sounds) return [];
  return [...new Set(alertSoundKeys.flatMap((key) => (sounds[key] ? [alertSoundId(sounds[key]!.sound, vars)] : [])).filter((id) => id !== null))];
}

/**
 * The document with `key`'s alert sound set, or removed with null; an emptied map leaves the member out, so a
 * document without sounds stays as it was written. A pure edit: one undo step in the editor.
 */
export function setAlertSound<D extends { alertSounds?: AlertSounds }>(document: D, key: AlertSoundKey, sound: AlertSound | null): D {
  const { [key]: _old, ...rest } = document.alertSounds ?? {};
  const next: AlertSounds = sound ? { ...rest, [key]: sound } : rest;
  const { alertSounds: _sounds, ...without } = document;
  return (Object.keys(next).length ? { ...without, alertSounds: next } : without) as D;
}
