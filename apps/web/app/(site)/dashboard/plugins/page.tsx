import { MyPluginsView, myPluginsMetadata } from "@/components/dashboard/my-plugins-view";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";

export const metadata = myPluginsMetadata;

/** My plugins rendered for the request: a signed-out visitor goes to sign in; a signed-in one normally gets the members' copy (lib/cached-pages.ts). */
export default async function MyPluginsPage() {
  await requireCaller("/dashboard/plugins");
  const { items } = await (await api()).plugins.mineWithVersions();
  return <MyPluginsView initial={items} />;
}
