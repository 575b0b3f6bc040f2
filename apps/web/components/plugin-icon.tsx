import type { PluginIcon as Icon } from "@streamkit/api-contract";
import styles from "./plugin-media.module.css";

/**
 * A plugin's icon: the one its author uploaded or the one drawn from its slug (docs/plugins.md#icons-and-screenshots),
 * served by the API with a CSP that runs nothing, shown as a plain image.
 */
export function PluginIcon({ icon, name, size, className }: { icon: Icon; name: string; size: number; className?: "card" }) {
  return (
    // biome-ignore lint/performance/noImgElement: the API's own immutable address (a CSP that runs nothing); next/image would fetch and re-encode it again.
    <img
      className={`${styles.icon} ${className === "card" ? styles.cardIcon : ""}`}
      src={icon.url}
      alt={`${name} icon`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-testid="plugin-icon"
    />
  );
}
