/**
 * Copy, paste and duplicate (docs/overlays.md#placing-things). What is copied
 * is a versioned JSON of layers, with the variables and bindings they use,
 * so a paste into another overlay draws the same. Pasting gives the layers
 * new ids and is checked with the document's own schema: anything else on
 * the clipboard, or a result the document rules refuse, changes nothing.
 */
import { z } from "zod";
import { bindingSchema, type OverlayDocument, overlayDocumentSchema, varSchema } from "./document";
import { freeLayerId, membersOf } from "./edits";
import { type Layer, layerSchema, varKeySchema } from "./layers";
import { OVERLAY_LIMITS as L } from "./limits";
import { templateKeys } from "./template";

export const CLIPBOARD_FORMAT = "streamkit/overlay-layers";
export const CLIPBOARD_VERSION = 1;

export const layerClipboardSchema = z.strictObject({
  format: z.literal(CLIPBOARD_FORMAT),
  version: z.literal(CLIPBOARD_VERSION),
  layers: z.array(layerSchema).min(1).max(L.maxLayers),
  vars: z.record(varKeySchema, varSchema).optional(),
  bindings: z.array(bindingSchema).max(L.maxBindings).optional(),
});
export type LayerClipboard = z.infer<typeof layerClipboardSchema>;

/** On success, `ids` are the pasted layers to select (a copied group's members go with it). */
export type PasteResult = { ok: true; document: OverlayDocument; ids: string[] } | { ok: false; message: string };

/** The variable keys a layer draws with: {{keys}} of its text, colour and picture variables. */
function varKeys(layer: Layer): string[] {
  const keys: string[] = [];
  const paint = (p: { kind: string; key?: string } | undefined) => (p?.kind === "var" && p.key ? keys.push(p.key) : 0);
  if (layer.type === "text") {
    keys.push(...templateKeys(layer.props.text));
    paint(layer.props.fill);
  }
  if (layer.type === "shape") {
    paint(layer.props.fill);
    paint(layer.props.stroke?.paint);
  }
  if (layer.type === "picture" && layer.props.source.kind === "var") keys.push(layer.props.source.key);
  return keys;
}

/** The selection as a clipboard: the layers (a group with its members) in drawing order, and the variables and bindings they use. */
export function copyLayers(document: OverlayDocument, ids: Iterable<string>): LayerClipboard | null {
  const picked = new Set<string>();
  for (const id of ids) {
    if (!document.layers.some((layer) => layer.id === id)) continue;
    picked.add(id);
    for (const member of membersOf(document, id)) picked.add(member);
  }
  const layers = document.layers.filter((layer) => picked.has(layer.id));
  if (layers.length === 0) return null;
  const docVars = document.vars ?? {};
  const bindings = (document.bindings ?? []).filter((binding) => picked.has(binding.layerId));
  const keys = new Set([...layers.flatMap(varKeys), ...bindings.map((binding) => binding.key)]);
  const vars = Object.fromEntries([...keys].filter((key) => Object.hasOwn(docVars, key)).map((key) => [key, docVars[key]!]));
  return {
    format: CLIPBOARD_FORMAT,
    version: CLIPBOARD_VERSION,
    layers,
    ...(Object.keys(vars).length ? { vars } : {}),
    ...(bindings.length ? { bindings } : {}),
  };
}

/** The clipboard's text, or why it is not layers of ours (the message the editor shows). */
export function readClipboard(text: string): { ok: true; clipboard: LayerClipboard } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "The clipboard holds no overlay layers: copy layers in an overlay editor first." };
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== CLIPBOARD_FORMAT) return { ok: false, message: "The clipboard holds no overlay layers: copy layers in an overlay editor first." };
  const version = (value as { version?: unknown }).version;
  if (typeof version === "number" && version > CLIPBOARD_VERSION)
    return { ok: false, message: "These layers were copied by a newer version of the editor: reload this page and paste again." };
  const parsed = layerClipboardSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `The copied layers are not valid (${issue.path.join(".") || "clipboard"}: ${issue.message}).` };
  }
  return { ok: true, clipboard: parsed.data };
}

/** A free id like the copied one: `text-3` becomes `text-4` (or the next one free). */
function freeIdLike(taken: OverlayDocument, id: string): string {
  const prefix = id.replace(/-\d+$/, "").slice(0, L.layerIdMaxLength - 6) || "layer";
  return freeLayerId(taken, prefix);
}

/**
 * Adds the clipboard's layers on top with new ids (groups keep their members;
 * a member whose group was not copied stands alone), with the variables they
 * need that the document lacks and their bindings. Where the document
 * already has a layer at the same place (pasting into the overlay copied
 * from), they land `offset` pixels lower right, again until free.
 */
export function pasteLayers(
  document: OverlayDocument,
  clipboard: LayerClipboard,
  options: { offset?: number; rename?: (name: string) => string } = {},
): PasteResult {
  const { offset = 20, rename } = options;
  const total = document.layers.length + clipboard.layers.length;
  if (total > L.maxLayers)
    return {
      ok: false,
      message: `Not pasted: ${clipboard.layers.length} more layer${clipboard.layers.length === 1 ? "" : "s"} would make ${total}, and an overlay holds at most ${L.maxLayers}. Remove some first.`,
    };
  const occupied = (dx: number, dy: number) =>
    clipboard.layers.some((copied) =>
      document.layers.some(
        (layer) =>
          layer.type === copied.type && layer.frame.x === copied.frame.x + dx && layer.frame.y === copied.frame.y + dy && layer.frame.w === copied.frame.w,
      ),
    );
  let shift = 0;
  while (offset > 0 && occupied(shift, shift) && shift < 100 * offset) shift += offset;

  const ids = new Map<string, string>();
  let working: OverlayDocument = document;
  for (const layer of clipboard.layers) {
    const id = freeIdLike(working, layer.id);
    ids.set(layer.id, id);
    // A placeholder, so the next copy's free id counts this one.
    working = { ...working, layers: [...working.layers, { ...layer, id }] };
  }
  const added = clipboard.layers.map((layer) => {
    const { groupId, ...rest } = layer;
    const group = groupId === undefined ? undefined : ids.get(groupId);
    const name = rename ? rename(layer.name).slice(0, L.layerNameMaxLength) : layer.name;
    const frame = { ...layer.frame, x: layer.frame.x + shift, y: layer.frame.y + shift };
    return { ...rest, id: ids.get(layer.id)!, name, frame, ...(group ? { groupId: group } : {}) } as Layer;
  });
  const vars = { ...document.vars };
  for (const [key, variable] of Object.entries(clipboard.vars ?? {})) if (!Object.hasOwn(vars, key)) vars[key] = variable;
  const bindings = (clipboard.bindings ?? []).map((binding) => ({ ...binding, layerId: ids.get(binding.layerId) ?? binding.layerId }));
  const next: OverlayDocument = {
    ...document,
    layers: [...document.layers, ...added],
    ...(Object.keys(vars).length ? { vars } : {}),
    ...(bindings.length ? { bindings: [...(document.bindings ?? []), ...bindings] } : {}),
  };
  const checked = overlayDocumentSchema.safeParse(next);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { ok: false, message: `Not pasted: the overlay would not be valid (${issue.path.join(".")}: ${issue.message}).` };
  }
  // The copies to select: those not inside a copied group (the group carries them).
  return {
    ok: true,
    document: next,
    ids: added.filter((layer) => layer.groupId === undefined || !new Set(ids.values()).has(layer.groupId)).map((layer) => layer.id),
  };
}

/** Duplicates the selection (a group with its members) on top, offset, named "… copy"; the new ids select the copies. */
export function duplicateLayers(document: OverlayDocument, ids: Iterable<string>, offset = 20): PasteResult {
  const clipboard = copyLayers(document, ids);
  if (!clipboard) return { ok: false, message: "Select the layers to duplicate first." };
  return pasteLayers(document, clipboard, { offset, rename: (name) => `${name} copy` });
}
