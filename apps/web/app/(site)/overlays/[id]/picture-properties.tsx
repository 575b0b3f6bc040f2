"use client";

import {
  OVERLAY_LIMITS,
  type OverlayDocument,
  type PictureFit,
  type PictureLayer,
  type PictureSource,
  pictureFits,
  setOpacity,
  updateLayer,
  varSchema,
} from "@streamkit/overlay";
import { assetPictureContentTypes } from "@streamkit/api-contract";
import Link from "next/link";
import { createContext, useContext, useEffect, useState } from "react";
import { AssetUploadField } from "./asset-upload-field";
import type { EditorPicture } from "./editor-picture";
import styles from "./overlay-editor.module.css";

const fitNames: Record<PictureFit, string> = {
  contain: "Contain (whole picture, letterboxed)",
  cover: "Cover (fill the frame, cropped)",
  stretch: "Stretch (fill the frame, distorted)",
};

const sourceValue = (source: PictureSource) => (source.kind === "asset" ? `asset:${source.id}` : `var:${source.key}`);

/** A picture variable's https address, kept while it is not one yet (with why), applied once it is (or empty). */
function AddressField({ value, onAddress }: { value: string; onAddress: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const valid = (text: string) => varSchema.safeParse({ type: "picture", value: text }).success;
  return (
    <div className={styles.field}>
      <label htmlFor="prop-picture-address">Picture address (https)</label>
      <input
        id="prop-picture-address"
        type="url"
        value={draft}
        maxLength={OVERLAY_LIMITS.varValueMaxLength}
        placeholder="https://…"
        aria-invalid={!valid(draft)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (valid(event.target.value)) onAddress(event.target.value);
        }}
      />
      {valid(draft) ? null : <p className="form-error">A picture is an https:// address.</p>}
    </div>
  );
}

/**
 * What the editor does with a finished upload: adds the picture to its list (the canvas draws it at once) and sets
 * it as the layer's source, one undo step, on the document as it is when the upload ends. A context, so the shared
 * properties panel between the editor and this field needs no new prop.
 */
export const PictureUploaded = createContext<(picture: EditorPicture, layerId: string) => void>(() => {});

/** The document with a picture layer showing an uploaded picture; the same document when that layer is gone (or no picture), so nothing is a step. */
export function withUploadedPicture(document: OverlayDocument, layerId: string, assetId: string): OverlayDocument {
  if (!document.layers.some((layer) => layer.id === layerId && layer.type === "picture")) return document;
  const source: PictureSource = { kind: "asset", id: assetId };
  return updateLayer(document, layerId, (layer) => ({ ...layer, props: { ...(layer as PictureLayer).props, source } }) as PictureLayer);
}

/** "Upload picture": the chosen file goes to the library (named after the file) and becomes this layer's picture; a refusal shows here. */
function UploadField({ layerId }: { layerId: string }) {
  const uploaded = useContext(PictureUploaded);
  return (
    <AssetUploadField
      id="prop-picture-upload"
      label="Upload picture"
      accept={assetPictureContentTypes}
      fallbackName="Picture"
      hint={
        <>
          PNG, JPEG, WebP or GIF. <Link href="/overlays/pictures">Your pictures</Link>
        </>
      }
      // The bytes decide: a sound chosen here is kept in the library (alerts can play it), but a layer cannot draw it.
      unusable={(asset) =>
        asset.width === null || asset.height === null ? `“${asset.name}” is a sound: it is in your library for alert sounds. Choose a picture here.` : null
      }
      onUploaded={({ id, name, url, width, height }) => uploaded({ id, name, url, width: width!, height: height! }, layerId)}
    />
  );
}

/**
 * A picture layer's properties: where it comes from (one of the account's uploaded pictures, or a picture
 * variable and its address), how it fits its frame, its corner radius and its opacity. Each change is one undo
 * step; typing in one field is one.
 */
export function PictureProperties({
  document,
  layer,
  pictures,
  onChange,
}: {
  document: OverlayDocument;
  layer: PictureLayer;
  pictures: EditorPicture[];
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const setProps = (update: Partial<PictureLayer["props"]>, coalesce?: string) =>
    onChange(
      updateLayer(document, layer.id, (current) => ({ ...current, props: { ...(current as PictureLayer).props, ...update } }) as PictureLayer),
      coalesce,
    );
  const { source } = layer.props;
  const pictureVars = Object.entries(document.vars ?? {}).filter(([, variable]) => variable.type === "picture");
  // A picture the document uses that the account no longer has (deleted, or another account's): still listed, as missing.
  const missing = source.kind === "asset" && !pictures.some((picture) => picture.id === source.id.toLowerCase()) ? source.id : null;
  const variable = source.kind === "var" ? document.vars?.[source.key] : undefined;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="prop-picture-source">Picture</label>
        <select
          id="prop-picture-source"
          value={sourceValue(source)}
          onChange={(event) => {
            const [kind, ...rest] = event.target.value.split(":");
            const value = rest.join(":");
            setProps({ source: kind === "asset" ? { kind: "asset", id: value } : { kind: "var", key: value } });
          }}
        >
          {pictures.length > 0 ? (
            <optgroup label="Your uploaded pictures">
              {pictures.map((picture) => (
                <option key={picture.id} value={`asset:${picture.id}`}>
                  {picture.name} ({picture.width} × {picture.height})
                </option>
              ))}
            </optgroup>
          ) : null}
          {missing ? <option value={`asset:${missing}`}>Missing picture ({missing.slice(0, 8)}…)</option> : null}
          {pictureVars.length > 0 ? (
            <optgroup label="Picture variables">
              {pictureVars.map(([key, value]) => (
                <option key={key} value={`var:${key}`}>
                  Variable {value.label ? `${value.label} (${key})` : key}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        {pictures.length === 0 ? <p className="hint">No uploaded pictures yet: upload one below, or use a picture variable with an https address.</p> : null}
      </div>
      <UploadField layerId={layer.id} />
      {source.kind === "var" && variable?.type === "picture" ? (
        <AddressField
          value={variable.value}
          onAddress={(value) => onChange({ ...document, vars: { ...document.vars, [source.key]: { ...variable, value } } }, `var-${source.key}-value`)}
        />
      ) : null}
      <div className={styles.field}>
        <label htmlFor="prop-picture-fit">Fit</label>
        <select id="prop-picture-fit" value={layer.props.fit} onChange={(event) => setProps({ fit: event.target.value as PictureFit })}>
          {pictureFits.map((fit) => (
            <option key={fit} value={fit}>
              {fitNames[fit]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="prop-picture-radius">Corner radius (px)</label>
        <input
          id="prop-picture-radius"
          type="number"
          min={0}
          max={OVERLAY_LIMITS.pictureRadiusMax}
          value={layer.props.radius ?? 0}
          onChange={(event) => {
            const radius = event.target.valueAsNumber;
            if (Number.isFinite(radius) && radius >= 0 && radius <= OVERLAY_LIMITS.pictureRadiusMax) setProps({ radius }, `prop-${layer.id}-radius`);
          }}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="prop-picture-opacity">Opacity (%)</label>
        <input
          id="prop-picture-opacity"
          type="number"
          min={0}
          max={100}
          value={Math.round((layer.opacity ?? 1) * 100)}
          onChange={(event) => {
            const percent = event.target.valueAsNumber;
            if (!Number.isFinite(percent) || percent < 0 || percent > 100) return;
            onChange(setOpacity(document, layer.id, percent / 100), `prop-${layer.id}-opacity`);
          }}
        />
      </div>
    </>
  );
}
