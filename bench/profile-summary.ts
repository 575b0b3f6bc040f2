/**
 * Reads a V8 CPU profile (.cpuprofile, as BENCH_CPU_PROFILE_DIR makes the app
 * write) and prints where the time went: the share of samples by package (or
 * the service's own folder) and the functions with the most self time.
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Where a frame's code lives: a package of node_modules, a folder of the service, or V8's own (GC, idle, program). */
function placeOf(url: string, name: string): string {
  // V8's own entries are named in parentheses already: (idle), (garbage collector), (program).
  if (!url) return name.startsWith("(") ? name : `(${name || "native"})`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  const own = /(packages\/[^/]+\/src\/[^/]+|apps\/web\/[^/]+)/.exec(url);
  if (own) return own[1]!;
  if (url.startsWith("node:")) return url;
  return url.split("/").slice(-2).join("/");
}

const places = new Map<string, number>();
const functions = new Map<string, number>();
for (const id of profile.samples) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url, functionName);
  places.set(place, (places.get(place) ?? 0) + 1);
  const key = `${functionName || "(anonymous)"} ${place}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + 1);
}
const total = profile.samples.length;
const idle = places.get("(idle)") ?? 0;
const busy = total - idle;
const share = (count: number) => `${((count / busy) * 100).toFixed(1)} %`;
const top = Number(topArg ?? 25);
console.log(`${total} samples, ${((idle / total) * 100).toFixed(0)} % idle; shares below are of the busy samples`);
console.log("\nBy place:");
for (const [place, count] of [...places]
  .filter(([place]) => place !== "(idle)")
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${share(count).padStart(7)}  ${place}`);
console.log("\nBy function (self time):");
for (const [name, count] of [...functions]
  .filter(([name]) => !name.startsWith("(idle)"))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${share(count).padStart(7)}  ${name}`);
