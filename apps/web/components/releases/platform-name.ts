import type { ReleaseArch, ReleaseTarget } from "@streamkit/api-contract";

const systems: Record<ReleaseTarget, string> = { linux: "Linux", windows: "Windows", darwin: "macOS" };
const processors: Record<ReleaseArch, string> = { x86_64: "x86-64", aarch64: "ARM64", i686: "32-bit x86", armv7: "ARMv7" };

/** A platform in people's words: "macOS (Apple silicon)", "Windows (x86-64)". */
export function platformName(target: ReleaseTarget, arch: ReleaseArch): string {
  if (target === "darwin") return arch === "aarch64" ? "macOS (Apple silicon)" : arch === "x86_64" ? "macOS (Intel)" : `macOS (${processors[arch]})`;
  return `${systems[target]} (${processors[arch]})`;
}

export const targetName = (target: ReleaseTarget) => systems[target];
export const archName = (arch: ReleaseArch) => processors[arch];

/** The artefact's file name, the last segment of its address (the address itself when it has none). */
export function fileNameOf(url: string): string {
  try {
    const name = new URL(url).pathname.split("/").filter(Boolean).at(-1);
    return name ? decodeURIComponent(name) : url;
  } catch {
    return url;
  }
}
