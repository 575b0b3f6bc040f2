import type { RenderAsset } from "@streamkit/overlay";

/** One of the account's uploaded pictures, as the editor's page loads them (overlays.pictureAssets): the picker's choices and the canvas's assets. */
export interface EditorPicture extends RenderAsset {
  id: string;
  name: string;
}
