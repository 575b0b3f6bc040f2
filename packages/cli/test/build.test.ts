/**
 * The package: `npm run build` bundles src/ into dist/cli.js with everything
 * inlined (the workspace packages and zod, luaparse, semver), so the package
 * depends on nothing and installs without a registry. This builds into an
 * installed layout in a temporary folder (nothing else resolvable beside it)
 * and runs the command from there. `invocation` picks the command a hint
 * names from how the author ran the CLI.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { invocation, siteOfInstall } from "../src/invocation";
import { tempDir } from "./support/run-cli";

const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL("..", import.meta.url));

describe("the published package", () => {
  it("declares what npm needs, and no dependencies", () => {
    expect(packageJson).toMatchObject({
      name: "@streamkit/plugin-cli",
      bin: { "streamkit-plugin": "./bin/streamkit-plugin.js" },
      files: ["bin", "dist", "README.md"],
    });
    expect(packageJson).not.toHaveProperty("private");
    expect(packageJson).not.toHaveProperty("dependencies");
    expect(packageJson.scripts.prepublishOnly).toBe("node scripts/build.mjs");
  });

  it("runs from the bundle with nothing else installed, and carries the bundled libraries' licences", async () => {
    const installed = join(await tempDir("streamkit-cli-installed-"), "node_modules", "@streamkit", "plugin-cli");
    await mkdir(installed, { recursive: true });
    const built = await run(process.execPath, [join(packageRoot, "scripts", "build.mjs"), "--outfile", join(installed, "dist", "cli.js")], {
      cwd: packageRoot,
    });
    expect(built.stdout).toContain("bundled: luaparse, semver, svgpath, zod");
    const licences = await readFile(join(installed, "dist", "THIRD-PARTY-LICENSES.txt"), "utf8");
    for (const library of ["luaparse 0.3.1 (MIT)", "zod 4.6.7 (MIT)", "semver", "svgpath"]) expect(licences).toContain(library);
    await cp(join(packageRoot, "bin"), join(installed, "bin"), { recursive: true });
    await writeFile(join(installed, "package.json"), JSON.stringify(packageJson));
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

describe("the command a hint names", () => {
  const npx = { npm_lifecycle_event: "npx" };
  const inCache = async (dependencies: Record<string, string> | null) => {
    const cache = join(await tempDir("streamkit-cli-npx-"), "_npx", "0123abcd");
    await mkdir(join(cache, "node_modules", "@streamkit", "plugin-cli", "dist"), { recursive: true });
    if (dependencies) await writeFile(join(cache, "package.json"), JSON.stringify({ dependencies }));
    return join(cache, "node_modules", "@streamkit", "plugin-cli", "dist", "cli.js");
  };

  it("is streamkit-plugin when installed, and npx streamkit-plugin from this repository or a project's own node_modules", () => {
    expect(invocation({}, "/usr/lib/node_modules/@streamkit/plugin-cli/dist/cli.js")).toBe("streamkit-plugin");
    expect(invocation(npx, join(packageRoot, "src", "invocation.ts"))).toBe("npx streamkit-plugin");
    expect(invocation(npx, "/home/me/project/node_modules/@streamkit/plugin-cli/dist/cli.js")).toBe("npx streamkit-plugin");
  });

  it("under npx without an install, repeats what the author ran: the site's tarball address or the registry name", async () => {
    expect(invocation(npx, await inCache({ "@streamkit/plugin-cli": "https://streamkit.example/cli/streamkit-plugin-cli.tgz" }))).toBe(
      "npx https://streamkit.example/cli/streamkit-plugin-cli.tgz",
    );
    expect(invocation(npx, await inCache({ "@streamkit/plugin-cli": "^0.1.0" }))).toBe("npx @streamkit/plugin-cli@^0.1.0");
    expect(invocation(npx, await inCache(null))).toBe("npx @streamkit/plugin-cli");
    // Anything else recorded there (a local path, shell text) is not repeated.
    expect(invocation(npx, await inCache({ "@streamkit/plugin-cli": "file:../x; rm -rf ~" }))).toBe("npx @streamkit/plugin-cli");
  });

  it("knows the site it came from only when npx ran it from a site's tarball address", async () => {
    const fromSite = await inCache({ "@streamkit/plugin-cli": "https://streamkit.example/shop/cli/streamkit-plugin-cli.tgz" });
    expect(siteOfInstall(npx, fromSite)).toBe("https://streamkit.example/shop");
    expect(siteOfInstall({}, fromSite)).toBeNull();
    expect(siteOfInstall(npx, await inCache({ "@streamkit/plugin-cli": "^0.1.0" }))).toBeNull();
    expect(siteOfInstall(npx, await inCache({ "@streamkit/plugin-cli": "https://cdn.example/other.tgz" }))).toBeNull();
    expect(siteOfInstall(npx, await inCache(null))).toBeNull();
    expect(siteOfInstall({}, "/usr/lib/node_modules/@streamkit/plugin-cli/dist/cli.js")).toBeNull();
  });
});
