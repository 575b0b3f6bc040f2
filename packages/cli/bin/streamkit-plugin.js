#!/usr/bin/env node
// Installed from npm, the package holds dist/ (built by `npm run build`) and no
// src/. In the repository src/ is present and runs through tsx, so a fresh
// clone needs no build step and a stale dist/ is never used.
import { existsSync } from "node:fs";

const source = new URL("../src/main.ts", import.meta.url);
const bundle = new URL("../dist/cli.js", import.meta.url);

async function load() {
  if (existsSync(source)) {
    try {
      const { register } = await import("tsx/esm/api");
      register();
      return await import(source.href);
    } catch (error) {
      if (!existsSync(bundle) || error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    }
  }
  return import(bundle.href);
}

const { runCli } = await load();
process.exitCode = await runCli(process.argv.slice(2));
