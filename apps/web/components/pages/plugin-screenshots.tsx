import type { PluginScreenshot } from "@streamkit/api-contract";
import styles from "@/components/plugin-media.module.css";

/** The plugin page's screenshots, in the author's order, each with the author's alt text (or a plain description when none was given). */
export function PluginScreenshots({ screenshots, name }: { screenshots: PluginScreenshot[]; name: string }) {
  if (screenshots.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="screenshots-title">
      <h2 id="screenshots-title">Screenshots</h2>
      <ul className={styles.gallery}>
        {screenshots.map((shot, index) => (
          <li key={shot.id}>
            <figure>
              <a href={shot.url} target="_blank" rel="noopener">
                {/* biome-ignore lint/performance/noImgElement: the API's own immutable address (a CSP that runs nothing); next/image would fetch and re-encode it again. */}
                <img
                  src={shot.url}
                  alt={shot.alt || `Screenshot ${index + 1} of ${name}`}
                  width={shot.width}
                  height={shot.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {shot.alt ? <figcaption className="muted">{shot.alt}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
