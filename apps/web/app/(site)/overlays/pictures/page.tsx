import type { Asset } from "@streamkit/api-contract";
import { planFor, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { formatBytes } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { PictureRow } from "./picture-row";
import { PictureUploadForm } from "./picture-upload-form";
import styles from "./pictures.module.css";

export const metadata: Metadata = { title: "Pictures and sounds" };

/** At most this many pages of 100 are listed: the newest pictures, however many small ones a large plan holds. */
const MAX_PAGES = 10;

/**
 * The account's asset library (docs/overlays.md#pictures-and-the-asset-library): the storage its pictures and
 * sounds use together of its plan's, an upload (Pro and Ultimate; the bytes decide picture or sound), and each
 * picture and sound (docs/overlays.md#uploaded-alert-sounds) with rename and delete. Free sees which plan stores
 * them; a downgraded account still lists, renames and deletes what it holds. One page, since one storage.
 */
export default async function PicturesPage() {
  await requireCaller("/overlays/pictures");
  const assets = (await api()).assets;
  const first = await assets.list({ limit: 100 });
  const items: Asset[] = [...first.items];
  let next = first.nextCursor;
  for (let page = 1; next && page < MAX_PAGES; page++) {
    const found = await assets.list({ limit: 100, cursor: next });
    items.push(...found.items);
    next = found.nextCursor;
  }
  const { bytes, quotaBytes } = first.usage;
  const pictures = items.filter((item) => item.kind === "picture");
  const sounds = items.filter((item) => item.kind === "sound");
  const needed = plans[planFor("assetStorageBytes")];
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Pictures and sounds</h1>
          <p>
            Your uploaded pictures — logos, frames, emotes and animated GIFs that your <Link href="/overlays">overlays</Link> draw in their picture layers — and
            sounds that their alerts play. Upload here, or from a picture layer or the Alert sounds panel in the editor.
          </p>
        </div>
      </div>
      <section className="panel" aria-labelledby="storage-title">
        <h2 id="storage-title">Storage</h2>
        {quotaBytes > 0 ? (
          <>
            <p data-testid="picture-storage">
              {formatBytes(bytes)} of {formatBytes(quotaBytes)} used
              {bytes >= quotaBytes ? " — full: delete pictures or sounds, or move to a larger plan to upload more." : ""}
            </p>
            <meter className={styles.meter} aria-label="Storage used" min={0} max={quotaBytes} value={Math.min(bytes, quotaBytes)} high={quotaBytes * 0.9} />
          </>
        ) : (
          <div data-testid="picture-plan-prompt">
            <p>
              Uploading pictures and sounds comes with {needed.title}: {formatBytes(plans.pro.entitlements.assetStorageBytes)} on {plans.pro.title},{" "}
              {formatBytes(plans.ultimate.entitlements.assetStorageBytes)} on {plans.ultimate.title}.
              {bytes > 0 ? ` You hold ${formatBytes(bytes)} from before: you can still rename and delete them.` : ""}
            </p>
            <Link href="/plans" className="button">
              Compare plans
            </Link>
          </div>
        )}
        {quotaBytes > 0 ? <PictureUploadForm /> : null}
      </section>
      <h2 className={styles.sectionTitle}>Pictures</h2>
      {pictures.length > 0 ? (
        <ul className={styles.list} aria-label="Your pictures">
          {pictures.map((picture) => (
            <PictureRow key={picture.id} picture={picture} />
          ))}
        </ul>
      ) : (
        <div className={`empty ${styles.empty}`}>
          <p>No pictures yet.</p>
        </div>
      )}
      <h2 className={styles.sectionTitle}>Sounds</h2>
      {sounds.length > 0 ? (
        <ul className={styles.list} aria-label="Your sounds">
          {sounds.map((sound) => (
            <PictureRow key={sound.id} picture={sound} />
          ))}
        </ul>
      ) : (
        <div className={`empty ${styles.empty}`}>
          <p>No sounds yet: alerts play them, chosen in an overlay's Alert sounds panel.</p>
        </div>
      )}
      {next ? <p className="hint">Showing your newest {items.length} pictures and sounds.</p> : null}
    </div>
  );
}
