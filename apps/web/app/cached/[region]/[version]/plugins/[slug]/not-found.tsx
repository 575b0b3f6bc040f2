import { PluginNotFound } from "@/components/pages/not-found-view";

export default PluginNotFound;
