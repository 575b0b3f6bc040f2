import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/chromium";

/**
 * Journeys in Debian's Chromium against the production build, started on a
 * fresh embedded database seeded with the demo catalogue.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner's process, so the workers (and the operator CLI they call) see the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "streamkit-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// There is no internet here: the exchange-rate feeds are the recorded ones of packages/fx, served locally.
const feedsPort = Number(process.env.E2E_FX_FEEDS_PORT ?? port + 90);
const feeds = `http://127.0.0.1:${feedsPort}`;
const fxConfig = JSON.stringify({
  sources: Object.fromEntries(
    Object.entries({ ecb: "ecb", "bank-of-canada": "boc", "norges-bank": "norges", "exchangerate-api": "erapi", "currency-api": "currency-api" }).map(
      ([id, path]) => [id, { baseUrls: [`${feeds}/${path}/`] }],
    ),
  ),
});

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx ../../packages/api/test/fixtures/fx/feed-server-main.ts",
      url: `${feeds}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FX_FEEDS_PORT: String(feedsPort) },
    },
    {
      // As `npm start` runs it (package.json's start script, its node flags included); NODE_ENV is set below.
      command: (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).scripts.start as string).replace(/^NODE_ENV=production /, ""),
      // An endpoint that touches the database, so the first test does not pay for opening it.
      url: `${baseURL}/api/v1/plugins?limit=1`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_DATA: "auto",
        // No PUBLIC_URL: the site's public address is where it listens (HOST and PORT below), which public-address.spec.ts checks.
        PUBLIC_URL: "",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        FX_CONFIG: fxConfig,
        // Every journey signs up from 127.0.0.1.
        SIGN_UP_LIMIT_PER_HOUR: "1000",
        SIGN_IN_LIMIT_PER_ADDRESS: "1000",
        PAGE_VIEW_LIMIT_PER_MINUTE: "100000",
        // POST /api/dev/clock moves the service's time (subscriptions.spec.ts renews and ends periods); every spec that moves it resets it.
        TEST_CLOCK: "on",
      },
    },
  ],
});
