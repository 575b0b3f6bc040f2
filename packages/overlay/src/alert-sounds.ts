import { z } from "zod";
import { varKeySchema } from "./layers";
import type { OverlayVar } from "./vars";

/**
 * Alert sounds (docs/overlays.md#alert-sounds): which sound an alert plays on the OBS source, by alert type,
 * and a default for the types not named. A sound is a catalogue sound by id, one of the overlay owner's uploaded
 * sounds by asset id (docs/overlays.md#uploaded-alert-sounds), or a sound setting. An id is not checked on save (the
 * catalogue and the library change): an unknown one, another account's or a picture's plays nothing.
 */

/** The alert types a source plays (the test alerts' types: api-contract's testAlertTypes is this list). */
export const alertTypes = ["follow", "subscription", "donation", "raid", "chat", "plugin"] as const;
export type AlertType = (typeof alertTypes)[number];

/** The keys of `alertSounds`: each alert type, and `default` for the types without their own. */
export const alertSoundKeys = ["default", ...alertTypes] as const;
export type AlertSoundKey = (typeof alertSoundKeys)[number];

export const ALERT_SOUND_LIMITS = { volumeMin: 0, volumeMax: 1, defaultVolume: 0.8 } as const;

/**
 * A catalogue sound by id, an uploaded sound of the overlay's owner by asset id, or a `sound` setting of the
 * document's vars (docs/overlays.md#widget-settings) that the streamer picks in the form.
 */
export const alertSoundSourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("catalogue"), id: z.uuid("A catalogue sound's id is a UUID.") }),
  z.strictObject({ kind: z.literal("asset"), id: z.uuid("An uploaded sound's id (its asset id) is a UUID.") }),
  z.strictObject({ kind: z.literal("var"), key: varKeySchema }),
]);
export type AlertSoundSource = z.infer<typeof alertSoundSourceSchema>;

/** The sound a source plays, wherever it is kept: the catalogue, or the owner's asset library. */
export interface AlertSoundRef {
  kind: "catalogue" | "asset";
  id: string;
}

/** What a source plays: its own sound, or its sound setting's value (a catalogue sound); null for a setting left empty or missing. */
export function alertSoundRef(source: AlertSoundSource, vars: Readonly<Record<string, OverlayVar>> | undefined): AlertSoundRef | null {
  if (source.kind !== "var") return { kind: source.kind, id: source.id };
  const variable = vars && Object.hasOwn(vars, source.key) ? vars[source.key] : undefined;
  return variable?.type === "sound" && variable.value !== "" ? { kind: "catalogue", id: variable.value } : null;
}

/** The id of the sound a source plays (a catalogue sound's or an uploaded sound's), or null. */
export function alertSoundId(source: AlertSoundSource, vars: Readonly<Record<string, OverlayVar>> | undefined): string | null {
  return alertSoundRef(source, vars)?.id ?? null;
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

/** The sounds of `kind` a document names (catalogue ones through its sound settings too): the only ones its OBS source may fetch. */
function namedSounds(kind: AlertSoundRef["kind"], sounds: AlertSounds | undefined, vars?: Readonly<Record<string, OverlayVar>>): string[] {
  if (!sounds) return [];
  const refs = alertSoundKeys.flatMap((key) => (sounds[key] ? [alertSoundRef(sounds[key]!.sound, vars)] : []));
  return [...new Set(refs.filter((ref) => ref?.kind === kind).map((ref) => ref!.id))];
}

/** The catalogue sound ids a document names, through its sound settings too. */
export const alertSoundIds = (sounds: AlertSounds | undefined, vars?: Readonly<Record<string, OverlayVar>>) => namedSounds("catalogue", sounds, vars);

/** The uploaded sounds (asset ids) a document names. */
export const alertSoundAssetIds = (sounds: AlertSounds | undefined) => namedSounds("asset", sounds);

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
