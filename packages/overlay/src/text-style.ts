import type { OverlayDocument } from "./document";
import { textPropsSchema } from "./layers";

type TextProps = OverlayDocument["layers"][number] & { type: "text" };
/** The styling members a text's properties panel sets; undefined removes one (back to the default). */
export type TextStyle = Partial<{ [K in keyof TextProps["props"]]: TextProps["props"][K] | undefined }>;

const order = Object.keys(textPropsSchema.shape);

/**
 * Text layer `id` with `style` applied: members in the schema's order (the order the API answers in, so the
 * editor's document equals the saved one after Publish), an undefined member removed. Other layers as they are.
 */
export function setTextStyle(document: OverlayDocument, id: string, style: TextStyle): OverlayDocument {
  return {
    ...document,
    layers: document.layers.map((layer) => {
      if (layer.id !== id || layer.type !== "text") return layer;
      const merged: Record<string, unknown> = { ...layer.props, ...style };
      const props: Record<string, unknown> = {};
      for (const key of order) if (merged[key] !== undefined) props[key] = merged[key];
      return { ...layer, props: props as TextProps["props"] };
    }),
  };
}
