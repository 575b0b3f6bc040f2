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
import { useEffect, useRef } from "react";
import type { EditorSound } from "./editor-sounds";
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
 * and its volume, played by the OBS source when the alert fires. Each choice is one undo step; one drag of a volume
 * slider is one step too. ▶ previews the sound here at its volume, through the website's own audio route.
 */
export function AlertSoundsPanel({
  document,
  sounds,
  onChange,
}: {
  document: OverlayDocument;
  sounds: EditorSound[];
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const preview = useRef<HTMLAudioElement | null>(null);
  // A new drag of a slider is a new undo step: the coalescing key changes between gestures.
  const gesture = useRef(0);
  useEffect(() => () => preview.current?.pause(), []);
  const byId = new Map(sounds.map((sound) => [sound.id, sound]));
  const categories = [...new Set(sounds.map((sound) => sound.category))];
  const soundSettings = Object.entries(document.vars ?? {}).filter(([, variable]) => variable.type === "sound");

  const play = (sound: EditorSound, volume: number) => {
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
          // A choice is a catalogue id, or var:<key> for a sound setting (what the Settings form picks).
          const id = !chosen ? "" : chosen.sound.kind === "var" ? `var:${chosen.sound.key}` : chosen.sound.id;
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
                  const source: AlertSoundSource = value.startsWith("var:") ? { kind: "var", key: value.slice(4) } : { kind: "catalogue", id: value };
                  onChange(setAlertSound(document, key, value ? { sound: source, volume } : null));
                }}
              >
                <option value="">{key === "default" ? "No sound" : "No sound of its own"}</option>
                {chosen?.sound.kind === "catalogue" && !known ? <option value={id}>A sound no longer in the catalogue (plays nothing)</option> : null}
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
    </section>
  );
}
