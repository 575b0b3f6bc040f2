import { HeldPluginNotice } from "@/components/moderation/held-plugin-notice";
import { PluginNotFound } from "@/components/pages/not-found-view";

/** Not found for the copy; a signed-in holder of a taken-down plugin is told what happened instead. */
export default function CachedPluginNotFound() {
  return <HeldPluginNotice fallback={<PluginNotFound />} />;
}
