/**
 * npm run bench — builds the app, runs each suite against a fresh PostgreSQL
 * database, prints the figures and writes them to bench/results/<suite>.json.
 *   npm run bench -- [--no-build] [--seconds N] [suite ...]
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or DATABASE_URL (any database
 * on it; the bench creates and drops its own), default the local one.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import postgres from "postgres";
import { analyticsSuite } from "./suites/analytics";
import { assetsSuite } from "./suites/assets";
import { floodsSuite } from "./suites/floods";
import { fxSuite } from "./suites/fx";
import { hostileSuite } from "./suites/hostile";
import { liveSuite } from "./suites/live";
import { marketSuite } from "./suites/market";
import { overlaysSuite } from "./suites/overlays";
import { pagesSuite } from "./suites/pages";
import { pluginsSuite } from "./suites/plugins";
import { searchSuite } from "./suites/search";
import { soundsSuite } from "./suites/sounds";

const suites: Record<string, typeof pluginsSuite> = {
  plugins: pluginsSuite,
  search: searchSuite,
  fx: fxSuite,
  hostile: hostileSuite,
  overlays: overlaysSuite,
  sounds: soundsSuite,
  market: marketSuite,
  pages: pagesSuite,
  floods: floodsSuite,
  live: liveSuite,
  assets: assetsSuite,
  analytics: analyticsSuite,
};

async function main() {
  const args = process.argv.slice(2);
  const seconds = Number(args[args.indexOf("--seconds") + 1]) || 10;
  const chosen = args.filter((a) => a in suites);
  const repoRoot = resolve(import.meta.dirname, "..");
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" };
  if (!args.includes("--no-build")) {
    console.log("building the web app (production)…");
    execFileSync("npx", ["turbo", "run", "build", "--filter=@streamkit/web"], { cwd: repoRoot, stdio: "inherit", env });
  }
  for (const name of chosen.length ? chosen : Object.keys(suites)) {
    const database = `streamkit_bench_${name}_${Date.now()}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    try {
      await suites[name]!({ repoRoot, databaseUrl: url.toString(), seconds });
    } finally {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
