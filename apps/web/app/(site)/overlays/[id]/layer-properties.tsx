"use client";

import { type Layer, type OverlayDocument, pathProblem, setFrame, setGroup, setTextStyle, updateLayer } from "@streamkit/overlay";
import { useEffect, useRef, useState } from "react";
import { NumberField } from "./number-field";
import styles from "./overlay-editor.module.css";
import type { EditorPicture } from "./editor-picture";
import { PictureProperties } from "./picture-properties";
import { fitTextFrame, fontLoading } from "./text-fit";
import { TextStyleProperties } from "./text-style-properties";

const textFields = new Set(["text", "font", "size", "weight", "italic", "spacing", "lineHeight"]);

/** A colour of a fill: a picker for a fixed colour; a fill that follows a variable says so. */
function PaintField({
  label,
  paint,
  onColor,
}: {
  label: string;
  paint: { kind: "solid"; color: string } | { kind: "var"; key: string } | undefined;
  onColor: (color: string) => void;
}) {
  const id = `prop-${label.toLowerCase().replace(/\W+/g, "-")}`;
  if (paint?.kind === "var") {
    return (
      <p className="hint">
        {label}: follows the variable <code>{paint.key}</code>.
      </p>
    );
  }
  const color = paint?.color ?? "#ffffff";
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="color" value={color.length === 7 ? color : color.slice(0, 7)} onChange={(event) => onColor(event.target.value)} />
    </div>
  );
}

/** The path data, kept while it does not parse (with the parser's message), applied once it does. */
function PathField({ layer, onPath }: { layer: Extract<Layer, { type: "shape" }>; onPath: (path: string) => void }) {
  const [draft, setDraft] = useState(layer.props.path);
  useEffect(() => setDraft(layer.props.path), [layer.props.path]);
  const problem = pathProblem(draft);
  return (
    <div className={styles.field}>
      <label htmlFor="prop-path">Path (SVG path data)</label>
      <textarea
        id="prop-path"
        rows={3}
        value={draft}
        aria-invalid={problem !== null}
        onChange={(event) => {
          setDraft(event.target.value);
          if (pathProblem(event.target.value) === null) onPath(event.target.value);
        }}
      />
      {problem ? <p className="form-error">{problem}</p> : null}
    </div>
  );
}

/**
 * The selected layer's properties: name, frame, group, and per type its
 * text, font, size and colour (text), fill and path (shape), count and speed
 * (particles), source, fit, radius and opacity (picture). Every change is an undoable step; typing in one field is one.
 */
export function LayerProperties({
  document,
  layer,
  pictures,
  onChange,
}: {
  document: OverlayDocument;
  layer: Layer;
  /** The account's uploaded pictures, for picture layers. */
  pictures: EditorPicture[];
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const latest = useRef(document);
  latest.current = document;
  const steps = useRef(0);
  const change = (field: string, update: (layer: Layer) => Layer) => {
    const next = updateLayer(document, layer.id, update);
    // A text's words, font and size decide how wide it is drawn: its frame grows to fit, in the same undo step.
    onChange(textFields.has(field) ? fitTextFrame(next, layer.id) : next, `prop-${layer.id}-${field}`);
  };
  const props =
    <T extends Layer>(update: (current: T["props"]) => T["props"]) =>
    (current: Layer) =>
      ({ ...current, props: update(current.props as T["props"]) }) as Layer;
  const groups = document.layers.filter((other) => other.type === "group" && other.id !== layer.id);
  const frame = (key: "x" | "y" | "w" | "h") => (value: number) =>
    onChange(setFrame(document, layer.id, { ...layer.frame, [key]: value }), `frame-${layer.id}-${key}`);
  return (
    <div className={styles.properties} data-testid="layer-properties">
      <div className={styles.field}>
        <label htmlFor="prop-name">Layer name</label>
        <input
          id="prop-name"
          value={layer.name}
          maxLength={100}
          onChange={(event) => event.target.value && change("name", (l) => ({ ...l, name: event.target.value }))}
        />
      </div>
      <div className={styles.frameFields}>
        <NumberField label="X" value={layer.frame.x} onValue={frame("x")} />
        <NumberField label="Y" value={layer.frame.y} onValue={frame("y")} />
        <NumberField label="Width" value={layer.frame.w} min={0} onValue={frame("w")} />
        <NumberField label="Height" value={layer.frame.h} min={0} onValue={frame("h")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="prop-group">Group</label>
        <select id="prop-group" value={layer.groupId ?? ""} onChange={(event) => onChange(setGroup(document, layer.id, event.target.value || null))}>
          <option value="">None (top level)</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </div>
      {layer.type === "text" ? (
        <>
          <div className={styles.field}>
            <label htmlFor="prop-text">Text</label>
            <textarea
              id="prop-text"
              rows={2}
              value={layer.props.text}
              maxLength={2000}
              onChange={(event) =>
                change(
                  "text",
                  props<typeof layer>((p) => ({ ...p, text: event.target.value })),
                )
              }
            />
            <p className="hint">
              <code>{"{{key}}"}</code> shows a variable, e.g. <code>{"{{plugin.now-playing.title}}"}</code>.
            </p>
          </div>
          <NumberField
            label="Font size"
            value={layer.props.fontSize}
            min={1}
            onValue={(size) =>
              size > 0 &&
              size <= 1000 &&
              change(
                "size",
                props<typeof layer>((p) => ({ ...p, fontSize: size })),
              )
            }
          />
          <PaintField
            label="Colour"
            paint={layer.props.fill}
            onColor={(color) =>
              change(
                "fill",
                props<typeof layer>((p) => ({ ...p, fill: { kind: "solid", color } })),
              )
            }
          />
          <TextStyleProperties
            layer={layer}
            onStyle={(field, style, typing) => {
              // Font, weight, italic and spacing change how wide the text is drawn: its frame grows to fit, in the same step,
              // measured again once a font still loading is there (one key per change, so that is the same step too).
              const key = typing ? `prop-${layer.id}-${field}` : `prop-${layer.id}-${field}-${++steps.current}`;
              const next = setTextStyle(document, layer.id, style);
              onChange(textFields.has(field) ? fitTextFrame(next, layer.id) : next, key);
              const styled = next.layers.find((candidate) => candidate.id === layer.id);
              const loading = textFields.has(field) && styled?.type === "text" ? fontLoading(styled) : null;
              void loading
                ?.catch(() => undefined)
                .then(() => {
                  const refit = fitTextFrame(latest.current, layer.id);
                  if (refit !== latest.current) onChange(refit, key);
                });
            }}
          />
        </>
      ) : null}
      {layer.type === "shape" ? (
        <>
          <PaintField
            label="Fill"
            paint={layer.props.fill}
            onColor={(color) =>
              change(
                "fill",
                props<typeof layer>((p) => ({ ...p, fill: { kind: "solid", color } })),
              )
            }
          />
          <PathField
            layer={layer}
            onPath={(path) =>
              change(
                "path",
                props<typeof layer>((p) => ({ ...p, path })),
              )
            }
          />
        </>
      ) : null}
      {layer.type === "particles" ? (
        <>
          <NumberField
            label="Particles"
            value={layer.props.count}
            min={1}
            onValue={(count) =>
              Number.isInteger(count) &&
              count >= 1 &&
              count <= 500 &&
              change(
                "count",
                props<typeof layer>((p) => ({ ...p, count })),
              )
            }
          />
          <NumberField
            label="Speed (px/s)"
            value={layer.props.speed}
            min={0}
            onValue={(speed) =>
              speed >= 0 &&
              speed <= 2000 &&
              change(
                "speed",
                props<typeof layer>((p) => ({ ...p, speed })),
              )
            }
          />
        </>
      ) : null}
      {layer.type === "picture" ? <PictureProperties document={document} layer={layer} pictures={pictures} onChange={onChange} /> : null}
      {layer.type === "group" ? <p className="hint">Moving a group moves its members. Put layers in it with their Group setting.</p> : null}
    </div>
  );
}
