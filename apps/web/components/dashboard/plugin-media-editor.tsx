"use client";

import {
  type ListingDetail,
  type PluginScreenshot,
  pluginIconSchema,
  pluginMediaLimits,
  pluginScreenshotSchema,
  screenshotAltSchema,
} from "@streamkit/api-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { z } from "zod";
import { formatBytes } from "@/components/format";
import { PluginIcon } from "@/components/plugin-icon";
import styles from "@/components/plugin-media.module.css";
import { sendFile } from "@/lib/picture-upload";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";

const accept = "image/png,image/jpeg,image/webp,image/gif";
const iconAnswer = z.object({ icon: pluginIconSchema, iconGenerated: z.boolean() });

/**
 * A plugin's icon and screenshots on My plugins (docs/plugins.md#icons-and-screenshots): upload or remove the icon,
 * add screenshots with their alt text, describe, reorder and delete them. Uploads go to the website's doors
 * (/api/plugins/{slug}/…, the session); the rest through the same procedures as /api/v1. The API decides; a refusal is
 * shown in its words. Every change reads the list again.
 */
export function PluginMediaEditor({ plugin }: { plugin: ListingDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(trpc.plugins.mineWithVersions.queryFilter());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const slug = encodeURIComponent(plugin.slug);
  const done = { onSuccess: refresh, onError: (error: unknown) => setProblem(errorMessage(error)) };
  const removeIcon = useMutation(trpc.plugins.removeIcon.mutationOptions(done));
  const reorder = useMutation(trpc.plugins.reorderScreenshots.mutationOptions(done));
  const remove = useMutation(trpc.plugins.removeScreenshot.mutationOptions(done));

  async function upload(event: FormEvent<HTMLFormElement>, kind: "icon" | "screenshot") {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setProblem(`Choose a picture for the ${kind} first.`);
    setBusy(true);
    setProblem(null);
    const alt = String(data.get("alt") ?? "");
    const sent =
      kind === "icon"
        ? await sendFile(`/api/plugins/${slug}/icon`, "PUT", file, pluginMediaLimits.maxIconBytes, (body) => iconAnswer.safeParse(body).data ?? null)
        : await sendFile(
            `/api/plugins/${slug}/screenshots?alt=${encodeURIComponent(alt)}`,
            "POST",
            file,
            pluginMediaLimits.maxScreenshotBytes,
            (body) => pluginScreenshotSchema.safeParse(body).data ?? null,
          );
    setBusy(false);
    if (!sent.ok) return setProblem(sent.message);
    form.reset();
    await refresh();
  }

  const shots = plugin.screenshots;
  const move = (index: number, by: -1 | 1) => {
    const ids = shots.map((shot) => shot.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ slug: plugin.slug, ids });
  };

  return (
    <details className={styles.editor} data-testid="plugin-media">
      <summary>Icon and screenshots</summary>
      <div className={styles.editorRow}>
        <PluginIcon icon={plugin.icon} name={plugin.name} size={64} />
        <form aria-label={`Icon of ${plugin.name}`} onSubmit={(event) => upload(event, "icon")} className={styles.editorRow}>
          <div className="field">
            <label htmlFor={`icon-${plugin.id}`}>{plugin.iconGenerated ? "Icon (none yet: a generated one shows)" : "New icon"}</label>
            <input id={`icon-${plugin.id}`} name="file" type="file" accept={accept} disabled={busy} />
          </div>
          <button type="submit" className="button small" disabled={busy || !hydrated}>
            Upload icon
          </button>
          {plugin.iconGenerated ? null : (
            <button type="button" className="button secondary small" disabled={removeIcon.isPending} onClick={() => removeIcon.mutate({ slug: plugin.slug })}>
              Remove icon
            </button>
          )}
        </form>
      </div>
      <p className="hint">
        PNG, JPEG, WebP or GIF. The icon: up to {formatBytes(pluginMediaLimits.maxIconBytes)} and {pluginMediaLimits.icon.maxSide} pixels a side, square looks
        best. Screenshots: up to {pluginMediaLimits.maxScreenshots}, each up to {formatBytes(pluginMediaLimits.maxScreenshotBytes)} and{" "}
        {pluginMediaLimits.screenshot.maxSide} pixels a side. Camera data (EXIF, GPS) is removed.
      </p>
      {shots.length > 0 ? (
        <ol className={styles.shots} aria-label={`Screenshots of ${plugin.name}`}>
          {shots.map((shot, index) => (
            <li key={shot.id} className={styles.shot}>
              {/* biome-ignore lint/performance/noImgElement: the API's own immutable address (a CSP that runs nothing); next/image would fetch and re-encode it again. */}
              <img src={shot.url} alt={shot.alt || `Screenshot ${index + 1} of ${plugin.name}`} width={shot.width} height={shot.height} loading="lazy" />
              <AltText slug={plugin.slug} shot={shot} index={index} onDone={refresh} onProblem={setProblem} />
              <button type="button" className="button secondary small" disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                Move up<span className="visually-hidden"> screenshot {index + 1}</span>
              </button>
              <button
                type="button"
                className="button secondary small"
                disabled={index === shots.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
              >
                Move down<span className="visually-hidden"> screenshot {index + 1}</span>
              </button>
              <button
                type="button"
                className="button danger small"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ slug: plugin.slug, screenshotId: shot.id })}
              >
                Delete<span className="visually-hidden"> screenshot {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {shots.length < pluginMediaLimits.maxScreenshots ? (
        <form aria-label={`Add a screenshot to ${plugin.name}`} onSubmit={(event) => upload(event, "screenshot")} className={styles.editorRow}>
          <div className="field">
            <label htmlFor={`shot-${plugin.id}`}>Screenshot</label>
            <input id={`shot-${plugin.id}`} name="file" type="file" accept={accept} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`shot-alt-${plugin.id}`}>What it shows (alt text)</label>
            <input id={`shot-alt-${plugin.id}`} name="alt" maxLength={pluginMediaLimits.maxAltLength} disabled={busy} />
          </div>
          <button type="submit" className="button small" disabled={busy || !hydrated}>
            Add screenshot
          </button>
        </form>
      ) : (
        <p className="muted">{pluginMediaLimits.maxScreenshots} screenshots, the most a plugin may have: delete one to add another.</p>
      )}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </details>
  );
}

/** One screenshot's alt text, saved with its own button. */
function AltText({
  slug,
  shot,
  index,
  onDone,
  onProblem,
}: {
  slug: string;
  shot: PluginScreenshot;
  index: number;
  onDone: () => unknown;
  onProblem: (message: string) => void;
}) {
  const trpc = useTRPC();
  const [alt, setAlt] = useState(shot.alt);
  const save = useMutation(trpc.plugins.setScreenshotAlt.mutationOptions({ onSuccess: onDone, onError: (error) => onProblem(errorMessage(error)) }));
  return (
    <form
      className={styles.editorRow}
      onSubmit={(event) => {
        event.preventDefault();
        const checked = screenshotAltSchema.safeParse(alt);
        if (!checked.success) return onProblem(checked.error.issues[0]?.message ?? "Invalid alt text.");
        save.mutate({ slug, screenshotId: shot.id, alt: checked.data });
      }}
    >
      <div className="field">
        <label htmlFor={`alt-${shot.id}`}>Alt text of screenshot {index + 1}</label>
        <input id={`alt-${shot.id}`} value={alt} maxLength={pluginMediaLimits.maxAltLength} onChange={(event) => setAlt(event.target.value)} />
      </div>
      <button type="submit" className="button secondary small" disabled={save.isPending || alt === shot.alt}>
        Save<span className="visually-hidden"> alt text of screenshot {index + 1}</span>
      </button>
    </form>
  );
}
