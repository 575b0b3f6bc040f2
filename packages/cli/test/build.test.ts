/**
 * The npm package: `npm run build` bundles src/ into dist/cli.js with the
 * workspace packages inlined. Installed, the package has only bin/, dist/ and
 * its declared dependencies; this builds into such a layout in a temporary
 * folder (nothing else resolvable) and runs the command from there.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { repoRoot, tempDir } from "./support/run-cli";

const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL("..", import.meta.url));

describe("the published package", () => {
  it("declares what npm needs", () => {
    expect(packageJson).toMatchObject({
      name: "@streamkit/plugin-cli",
      bin: { "streamkit-plugin": "./bin/streamkit-plugin.js" },
      files: ["bin", "dist", "README.md"],
    });
    expect(packageJson).not.toHaveProperty("private");
    expect(packageJson.scripts.prepublishOnly).toBe("npm run build");
    expect(Object.keys(packageJson.dependencies).some((name) => name.startsWith("@streamkit/"))).toBe(false);
  });

  it("runs from the bundle with only its declared dependencies installed", async () => {
    const installed = join(await tempDir("streamkit-cli-installed-"), "node_modules", "@streamkit", "plugin-cli");
    await mkdir(installed, { recursive: true });
    const built = await run(process.execPath, [join(packageRoot, "scripts", "build.mjs"), "--outfile", join(installed, "dist", "cli.js")], {
      cwd: packageRoot,
    });
    expect(built.stdout).toContain("external: luaparse, semver, zod");
    await cp(join(packageRoot, "bin"), join(installed, "bin"), { recursive: true });
    await writeFile(join(installed, "package.json"), JSON.stringify(packageJson));
    for (const dependency of Object.keys(packageJson.dependencies)) {
      await symlink(join(repoRoot, "node_modules", dependency), join(installed, "..", "..", dependency), "dir");
    }
    const bin = join(installed, "bin", "streamkit-plugin.js");

    const version = await run(process.execPath, [bin, "--version"]);
    expect(version.stdout.trim()).toBe(packageJson.version);

    const work = await tempDir();
    await run(process.execPath, [bin, "init", "from-npm", "--dir", work]);
    const validate = await run(process.execPath, [bin, "validate", join(work, "from-npm"), "--json"]);
    expect(JSON.parse(validate.stdout)).toMatchObject({ ok: true, id: "from-npm" });

    const invalid = await run(process.execPath, [bin, "validate", work]).catch((error: { code: number; stderr: string }) => error);
    expect(invalid).toMatchObject({ code: 1, stderr: expect.stringContaining("plugin.json must be at the top of the package") });
  });
});
