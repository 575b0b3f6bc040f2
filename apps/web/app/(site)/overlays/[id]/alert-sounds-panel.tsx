"use client";

import {
  ALERT_SOUND_LIMITS,
  type AlertSoundKey,
  type AlertSoundSource,
  alertSoundId,
  alertSoundKeys,
  type OverlayDocument,
  setAlertSound,
} from "@streamkit/overlay";
import { assetSoundContentTypes, assetLimits } from "@streamkit/api-contract";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { formatBytes } from "@/components/format";
import { AssetUploadField } from "./asset-upload-field";
import type { EditorSound, EditorUploadedSound } from "./editor-sounds";
import styles from "./overlay-editor.module.css";

const labels: Record<AlertSoundKey, string> = {
  default: "Every other alert",
  follow: "Follow",
  subscription: "Subscription",
  donation: "Donation",
  raid: "Raid",
  chat: "Chat message",
  plugin: "Plugin value",
};

/**
 * "Alert sounds" (docs/overlays.md#alert-sounds): for each alert type, and a default for the rest, a catalogue sound
 * or one of the account's uploaded sounds (docs/overlays.md#uploaded-alert-sounds) and its volume, played by the OBS
 * source when the alert fires. Each choice is one undo step; one drag of a volume slider is one step too. ▶ previews
 * the sound here at its volume, through the website's own audio route or the upload's address. "Upload a sound" adds
 * one to the library (plans with storage); on Free it says which plan uploads.
 */
export function AlertSoundsPanel({
  document,
  sounds,
  uploads: loadedUploads,
  canUpload,
  onChange,
}: {
  document: OverlayDocument;
  sounds: EditorSound[];
  uploads: EditorUploadedSound[];
  canUpload: boolean;
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const preview = useRef<HTMLAudioElement | null>(null);
  // A new drag of a slider is a new undo step: the coalescing key changes between gestures.
  const gesture = useRef(0);
  useEffect(() => () => preview.current?.pause(), []);
  // The account's sounds as loaded, and those uploaded here since (newest first).
  const [uploads, setUploads] = useState(loadedUploads);
  const byId = new Map<string, { url: string }>([...sounds, ...uploads].map((sound) => [sound.id, sound]));
  const categories = [...new Set(sounds.map((sound) => sound.category))];
  const soundSettings = Object.entries(document.vars ?? {}).filter(([, variable]) => variable.type === "sound");

  const play = (sound: { url: string }, volume: number) => {
    preview.current?.pause();
    const audio = new Audio(sound.url);
    audio.volume = volume;
    preview.current = audio;
    void audio.play().catch(() => undefined);
  };

  return (
    <section className="panel" aria-labelledby="alert-sounds-title" data-testid="alert-sounds-panel">
      <h2 id="alert-sounds-title">Alert sounds</h2>
      <p className="hint">Your OBS sources of this overlay play these when an alert fires, once published. Pick one for every alert, or per alert type.</p>
      <div className={styles.properties}>
        {alertSoundKeys.map((key) => {
          const chosen = document.alertSounds?.[key];
          // A choice is a catalogue id, asset:<id> for an uploaded sound, or var:<key> for a sound setting (what the Settings form picks).
          const id = !chosen
            ? ""
            : chosen.sound.kind === "var"
              ? `var:${chosen.sound.key}`
              : chosen.sound.kind === "asset"
                ? `asset:${chosen.sound.id}`
                : chosen.sound.id;
          const playing = chosen ? alertSoundId(chosen.sound, document.vars) : null;
          const known = playing ? byId.get(playing) : undefined;
          const volume = chosen?.volume ?? ALERT_SOUND_LIMITS.defaultVolume;
          return (
            <div key={key} className={styles.field} data-testid={`alert-sound-${key}`}>
              <label htmlFor={`alert-sound-${key}`}>{labels[key]}</label>
              <select
                id={`alert-sound-${key}`}
                value={id}
                onChange={(event) => {
                  const value = event.target.value;
                  const source: AlertSoundSource = value.startsWith("var:")
                    ? { kind: "var", key: value.slice(4) }
                    : value.startsWith("asset:")
                      ? { kind: "asset", id: value.slice(6) }
                      : { kind: "catalogue", id: value };
                  onChange(setAlertSound(document, key, value ? { sound: source, volume } : null));
                }}
              >
                <option value="">{key === "default" ? "No sound" : "No sound of its own"}</option>
                {chosen?.sound.kind === "catalogue" && !known ? <option value={id}>A sound no longer in the catalogue (plays nothing)</option> : null}
                {chosen?.sound.kind === "asset" && !known ? <option value={id}>A sound no longer in your library (plays nothing)</option> : null}
                {uploads.length > 0 ? (
                  <optgroup label="Your sounds">
                    {uploads.map((sound) => (
                      <option key={sound.id} value={`asset:${sound.id}`}>
                        {sound.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {soundSettings.length > 0 ? (
                  <optgroup label="Settings">
                    {soundSettings.map(([settingKey, setting]) => (
                      <option key={settingKey} value={`var:${settingKey}`}>
                        Setting: {setting.label ?? settingKey}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {categories.map((category) => (
                  <optgroup key={category} label={category}>
                    {sounds
                      .filter((sound) => sound.category === category)
                      .map((sound) => (
                        <option key={sound.id} value={sound.id}>
                          {sound.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
              {chosen ? (
                <div className={styles.buttons}>
                  <label htmlFor={`alert-volume-${key}`}>Volume of {labels[key].toLowerCase()}</label>
                  <input
                    id={`alert-volume-${key}`}
                    type="range"
                    min={0}
                    max={100}
                    step={1}
                    value={Math.round(volume * 100)}
                    onPointerUp={() => gesture.current++}
                    onKeyUp={() => gesture.current++}
                    onChange={(event) =>
                      onChange(setAlertSound(document, key, { ...chosen, volume: Number(event.target.value) / 100 }), `alert-volume:${key}:${gesture.current}`)
                    }
                  />
                  <output htmlFor={`alert-volume-${key}`}>{Math.round(volume * 100)}%</output>
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={!known}
                    aria-label={`Preview the ${labels[key].toLowerCase()} sound`}
                    onClick={() => known && play(known, volume)}
                  >
                    ▶
                  </button>
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {canUpload ? (
        <SoundUploadField onUploaded={(sound) => setUploads((current) => [sound, ...current])} />
      ) : (
        <p className="hint" data-testid="sound-upload-plan">
          Uploading your own sounds comes with Pro. <Link href="/plans">See plans</Link>
        </p>
      )}
    </section>
  );
}

/** "Upload a sound": the chosen file goes to the library (named after the file) and joins "Your sounds" above; a refusal shows here. */
function SoundUploadField({ onUploaded }: { onUploaded: (sound: EditorUploadedSound) => void }) {
  return (
    <AssetUploadField
      id="alert-sound-upload"
      label="Upload a sound"
      accept={assetSoundContentTypes}
      fallbackName="Sound"
      hint={
        <>
          MP3, Ogg, WAV or FLAC, up to {formatBytes(assetLimits.maxSoundBytes)}; it counts against your library's storage.{" "}
          <Link href="/overlays/pictures">Your pictures and sounds</Link>
        </>
      }
      // The bytes decide: a picture chosen here is kept in the library, but an alert cannot play it.
      unusable={(asset) => (asset.kind === "sound" ? null : `“${asset.name}” is a picture: it is in your library for picture layers. Choose a sound here.`)}
      onUploaded={(asset) => onUploaded({ id: asset.id, name: asset.name, url: asset.url })}
      uploadedNote={(asset) => (
        <p className="form-done" role="status" data-testid="sound-uploaded">
          Uploaded “{asset.name}”: pick it for an alert above.
        </p>
      )}
    />
  );
}
