import { catalogPaging } from "@streamkit/api-contract";
import type { api } from "@/lib/server/api";

/** One catalogue sound as the Alert sounds panel offers it: the website's audio route (the session) for the preview. */
export interface EditorSound {
  id: string;
  name: string;
  category: string;
  url: string;
}

/** One of the account's uploaded sounds (overlays.soundAssets): its address previews it in the panel. */
export interface EditorUploadedSound {
  id: string;
  name: string;
  url: string;
}

/** At most this many pages of the catalogue in the panel's choices (the catalogue is the operator's: tens of sounds, not thousands). */
const MAX_PAGES = 10;

/** The catalogue by name, as the website's sounds page reads it (sounds.list on the website's API). */
export async function loadEditorSounds(client: Awaited<ReturnType<typeof api>>): Promise<EditorSound[]> {
  const found: EditorSound[] = [];
  let offset: number | null = 0;
  for (let page = 0; page < MAX_PAGES && offset !== null; page++) {
    const listed = await client.sounds.list({ limit: catalogPaging.maxLimit, offset });
    for (const sound of listed.items) found.push({ id: sound.id, name: sound.name, category: sound.category, url: sound.audio.url });
    offset = listed.nextOffset;
  }
  return found;
}
