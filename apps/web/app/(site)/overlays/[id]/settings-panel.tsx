"use client";

import { FONT_CATALOGUE, fontWarning, OVERLAY_LIMITS, type OverlayDocument, type OverlayVar, setVarValue } from "@streamkit/overlay";
import { useEffect, useState } from "react";
import type { EditorSound } from "./editor-sounds";
import styles from "./overlay-editor.module.css";

type Change = (next: OverlayDocument, coalesce?: string) => void;

/**
 * "Settings" (docs/overlays.md#widget-settings): the document's vars as a form, a control per type. Every change goes
 * through setVarValue, the schema the server checks with: a valid one is applied (one undo step, one per field while
 * typing), an invalid one stays in its field with the rule's message and is not applied.
 */
export function SettingsPanel({ document, sounds, onChange }: { document: OverlayDocument; sounds: EditorSound[]; onChange: Change }) {
  const vars = Object.entries(document.vars ?? {});
  return (
    <section className="panel" aria-labelledby="settings-title" data-testid="settings-panel">
      <h2 id="settings-title">Settings</h2>
      {vars.length === 0 ? (
        <p className="muted">This overlay has no settings. Widgets from the market arrive with theirs.</p>
      ) : (
        <div className={styles.properties}>
          {vars.map(([key, variable]) => (
            <SettingField key={key} settingKey={key} variable={variable} document={document} sounds={sounds} onChange={onChange} />
          ))}
        </div>
      )}
    </section>
  );
}

function SettingField({
  settingKey: key,
  variable,
  document,
  sounds,
  onChange,
}: {
  settingKey: string;
  variable: OverlayVar;
  document: OverlayDocument;
  sounds: EditorSound[];
  onChange: Change;
}) {
  // What the field shows: the value, or what is being typed while it is not valid yet.
  const shown = typeof variable.value === "boolean" ? "" : String(variable.value);
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(shown);
    setError(null);
  }, [shown]);
  const id = `setting-${key}`;
  const label = variable.label ?? key;
  // Typing and dragging a colour coalesce into one step per field; a click (a toggle, a pick in a list) is a step of its own.
  const set = (value: unknown, typed?: string, coalesce = typed !== undefined) => {
    if (typed !== undefined) setDraft(typed);
    const next = setVarValue(document, key, value);
    if ("error" in next) setError(next.error);
    else {
      setError(null);
      onChange(next, coalesce ? `setting-${key}` : undefined);
    }
  };
  const control = (() => {
    switch (variable.type) {
      case "toggle":
        return <input id={id} type="checkbox" checked={variable.value} onChange={(event) => set(event.target.checked)} />;
      case "number":
        return (
          <input
            id={id}
            type="number"
            min={variable.min}
            max={variable.max}
            step={variable.step ?? "any"}
            value={draft}
            aria-invalid={error !== null}
            onChange={(event) => set(event.target.value.trim() === "" ? Number.NaN : Number(event.target.value), event.target.value)}
          />
        );
      case "color":
        // A colour input speaks #rrggbb; a colour with alpha keeps its alpha as the picked colour's.
        return (
          <input
            id={id}
            type="color"
            value={variable.value.length >= 7 ? variable.value.slice(0, 7) : expandShort(variable.value)}
            onChange={(event) => set(event.target.value + alphaOf(variable.value), undefined, true)}
          />
        );
      case "choice":
        return (
          <select id={id} value={variable.value} onChange={(event) => set(event.target.value)}>
            {variable.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label ?? option.value}
              </option>
            ))}
          </select>
        );
      case "font":
        return (
          <select id={id} value={variable.value} onChange={(event) => set(event.target.value)}>
            {FONT_CATALOGUE.some((font) => font.name === variable.value) ? null : <option value={variable.value}>{variable.value}</option>}
            {FONT_CATALOGUE.map((font) => (
              <option key={font.name} value={font.name}>
                {font.name}
              </option>
            ))}
          </select>
        );
      case "sound":
        return (
          <select id={id} value={variable.value} onChange={(event) => set(event.target.value)}>
            <option value="">No sound</option>
            {variable.value && !sounds.some((sound) => sound.id === variable.value) ? (
              <option value={variable.value}>A sound no longer in the catalogue (plays nothing)</option>
            ) : null}
            {sounds.map((sound) => (
              <option key={sound.id} value={sound.id}>
                {sound.category}: {sound.name}
              </option>
            ))}
          </select>
        );
      case "picture":
        return (
          <input
            id={id}
            type="url"
            placeholder="https://…"
            value={draft}
            aria-invalid={error !== null}
            onChange={(event) => set(event.target.value, event.target.value)}
          />
        );
      case "text":
        return variable.multiline ? (
          <textarea
            id={id}
            value={draft}
            maxLength={variable.maxLength ?? OVERLAY_LIMITS.varValueMaxLength}
            rows={3}
            onChange={(event) => set(event.target.value, event.target.value)}
          />
        ) : (
          <input
            id={id}
            type="text"
            value={draft}
            maxLength={variable.maxLength ?? OVERLAY_LIMITS.varValueMaxLength}
            onChange={(event) => set(event.target.value, event.target.value)}
          />
        );
    }
  })();
  const warning = variable.type === "font" ? fontWarning(variable.value) : null;
  return (
    <div className={styles.field} data-testid={`setting-${key}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {variable.type === "number" && (variable.min !== undefined || variable.max !== undefined) ? (
        <p className="hint">
          {variable.min ?? "…"} to {variable.max ?? "…"}
        </p>
      ) : null}
      {warning ? <p className="hint">{warning}</p> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** #rgb or #rgba as #rrggbb, for the colour input. */
const expandShort = (color: string) => `#${[1, 2, 3].map((i) => color[i]!.repeat(2)).join("")}`;
/** The alpha of #rrggbbaa or #rgba as two hex digits, or "" for an opaque colour. */
const alphaOf = (color: string) => (color.length === 9 ? color.slice(7) : color.length === 5 ? color[4]!.repeat(2) : "");
