"use client";

import {
  DEFAULT_LINE_HEIGHT,
  FONT_CATALOGUE,
  FONT_LICENCES_PATH,
  FONT_STYLESHEET_PATH,
  findFont,
  fontFamilyCss,
  fontWarning,
  fontWeights,
  nearestWeight,
  OVERLAY_LIMITS as L,
  type TextLayer,
  type TextStyle,
} from "@streamkit/overlay";
import Link from "next/link";
import { NumberField } from "./number-field";
import styles from "./overlay-editor.module.css";
import own from "./text-style.module.css";

/** The site's font stylesheet (docs/overlays.md#fonts), hoisted into the head once, so the canvas and the picker draw the served fonts. */
export function FontStylesheet() {
  return <link rel="stylesheet" href={FONT_STYLESHEET_PATH} precedence="default" />;
}

const weightNames: Record<number, string> = {
  100: "Thin",
  200: "Extra light",
  300: "Light",
  400: "Regular",
  500: "Medium",
  600: "Semibold",
  700: "Bold",
  800: "Extra bold",
  900: "Black",
};
const anyWeight = [100, 200, 300, 400, 500, 600, 700, 800, 900];

/** A colour input for a fixed colour (#rrggbb; an alpha is kept only when the colour is not changed). */
function Colour({ id, label, value, onValue }: { id: string; label: string; value: string; onValue: (color: string) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="color" value={value.length === 7 ? value : value.slice(0, 7)} onChange={(event) => onValue(event.target.value)} />
    </div>
  );
}

/**
 * A text layer's font and styling: the picker (every family of the site's, each name in its own font), weight (the
 * family's weights only), italic (where the family has it), letter spacing, line height, alignment, outline and
 * shadow. A family the site does not have is named with a warning, never silently replaced. `onStyle` applies one
 * change; `typing` says whether it continues the field's current undo step (a number being typed) or is one of its own.
 */
export function TextStyleProperties({ layer, onStyle }: { layer: TextLayer; onStyle: (field: string, style: TextStyle, typing?: boolean) => void }) {
  const { props } = layer;
  const font = findFont(props.fontFamily);
  const warning = fontWarning(props.fontFamily);
  const weights = font ? fontWeights(font) : anyWeight;
  const stroke = props.stroke;
  const strokeColor = stroke?.paint.kind === "solid" ? stroke.paint.color : "#000000";
  return (
    <>
      <fieldset className={own.fonts}>
        <legend>Font</legend>
        {FONT_CATALOGUE.map((family) => (
          <label key={family.name} className={own.font} style={{ fontFamily: fontFamilyCss(family.name) }}>
            <input
              type="radio"
              name={`font-${layer.id}`}
              value={family.name}
              checked={font?.name === family.name}
              onChange={() => {
                // Keep the weight and italic where the new family has them; otherwise its nearest weight, upright.
                const fontWeight = props.fontWeight === undefined ? undefined : nearestWeight(family, props.fontWeight);
                onStyle("font", { fontFamily: family.name, fontWeight, italic: family.italic ? props.italic : undefined });
              }}
            />
            {family.name}
          </label>
        ))}
      </fieldset>
      {warning ? (
        <p className={own.warning} role="status" data-testid="font-warning">
          {warning}
        </p>
      ) : null}
      <p className="hint">
        Served from this site, so OBS needs nothing installed. <Link href={FONT_LICENCES_PATH}>Fonts and licences</Link>
      </p>
      <div className={own.pair}>
        <div className={styles.field}>
          <label htmlFor="prop-weight">Weight</label>
          <select
            id="prop-weight"
            value={props.fontWeight ?? 400}
            onChange={(event) => onStyle("weight", { fontWeight: Number(event.target.value) === 400 ? undefined : Number(event.target.value) })}
          >
            {[...new Set([...weights, props.fontWeight ?? 400])]
              .sort((a, b) => a - b)
              .map((weight) => (
                <option key={weight} value={weight}>
                  {weight} {weightNames[weight]}
                  {weights.includes(weight) ? "" : " (not in this font)"}
                </option>
              ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="prop-align">Alignment</label>
          <select
            id="prop-align"
            value={props.align ?? "left"}
            onChange={(event) => onStyle("align", { align: event.target.value === "left" ? undefined : (event.target.value as "center" | "right") })}
          >
            <option value="left">Left</option>
            <option value="center">Centre</option>
            <option value="right">Right</option>
          </select>
        </div>
      </div>
      {!font || font.italic || props.italic ? (
        <label className={own.check}>
          <input type="checkbox" checked={props.italic === true} onChange={(event) => onStyle("italic", { italic: event.target.checked || undefined })} />
          Italic
        </label>
      ) : null}
      <div className={own.pair}>
        <NumberField
          id="prop-letter-spacing"
          label="Letter spacing (px)"
          value={props.letterSpacing ?? 0}
          min={L.letterSpacingMin}
          max={L.letterSpacingMax}
          step={0.5}
          onValue={(n) => onStyle("spacing", { letterSpacing: n || undefined }, true)}
        />
        <NumberField
          id="prop-line-height"
          label="Line height"
          value={props.lineHeight ?? DEFAULT_LINE_HEIGHT}
          min={L.lineHeightMin}
          max={L.lineHeightMax}
          step={0.1}
          onValue={(n) => onStyle("lineHeight", { lineHeight: n === DEFAULT_LINE_HEIGHT ? undefined : n }, true)}
        />
      </div>
      <label className={own.check}>
        <input
          type="checkbox"
          checked={stroke !== undefined}
          onChange={(event) => onStyle("stroke", { stroke: event.target.checked ? { paint: { kind: "solid", color: "#000000" }, width: 4 } : undefined })}
        />
        Outline
      </label>
      {stroke ? (
        <div className={own.pair}>
          {stroke.paint.kind === "var" ? (
            <p className="hint">
              Outline colour: follows the variable <code>{stroke.paint.key}</code>.
            </p>
          ) : (
            <Colour
              id="prop-outline-colour"
              label="Outline colour"
              value={strokeColor}
              onValue={(color) => onStyle("strokeColor", { stroke: { ...stroke, paint: { kind: "solid", color } } }, true)}
            />
          )}
          <NumberField
            id="prop-outline-width"
            label="Outline width (px)"
            value={stroke.width}
            min={0}
            max={L.textStrokeMax}
            step={1}
            onValue={(width) => onStyle("strokeWidth", { stroke: { ...stroke, width } }, true)}
          />
        </div>
      ) : null}
      <label className={own.check}>
        <input
          type="checkbox"
          checked={props.shadow !== undefined}
          onChange={(event) => onStyle("shadow", { shadow: event.target.checked ? { color: "#000000", x: 2, y: 2, blur: 4 } : undefined })}
        />
        Shadow
      </label>
      {props.shadow ? <ShadowFields shadow={props.shadow} onStyle={onStyle} /> : null}
    </>
  );
}

function ShadowFields({
  shadow,
  onStyle,
}: {
  shadow: NonNullable<TextLayer["props"]["shadow"]>;
  onStyle: (field: string, style: TextStyle, typing?: boolean) => void;
}) {
  const set = (field: string, patch: Partial<typeof shadow>) => onStyle(field, { shadow: { ...shadow, ...patch } }, true);
  const offset = L.textShadowOffsetMax;
  return (
    <>
      <Colour id="prop-shadow-colour" label="Shadow colour" value={shadow.color} onValue={(color) => set("shadowColor", { color })} />
      <div className={own.triple}>
        <NumberField id="prop-shadow-x" label="Shadow X (px)" value={shadow.x} min={-offset} max={offset} step={1} onValue={(x) => set("shadowX", { x })} />
        <NumberField id="prop-shadow-y" label="Shadow Y (px)" value={shadow.y} min={-offset} max={offset} step={1} onValue={(y) => set("shadowY", { y })} />
        <NumberField
          id="prop-shadow-blur"
          label="Shadow blur (px)"
          value={shadow.blur}
          min={0}
          max={L.textShadowBlurMax}
          step={1}
          onValue={(blur) => set("shadowBlur", { blur })}
        />
      </div>
    </>
  );
}
