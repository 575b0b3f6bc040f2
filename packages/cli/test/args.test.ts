import { join } from "node:path";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { runCli, tempDir } from "./support/run-cli";

const KEY = `skit_${"A1b2C3d4E5".repeat(3)}f6G7h8I9`;

describe("arguments", () => {
  it("prints the overview for --help (exit 0) and for no arguments (exit 2)", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["init", "validate", "publish", "download", "STREAMKIT_API_KEY", "Exit codes:"]) expect(help.stdout).toContain(command);
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(help.stdout);
  });

  it("prints each command's help with --help, -h or help <command>", async () => {
    for (const command of ["init", "validate", "publish", "download"]) {
      const flag = await runCli([command, "--help"]);
      expect(flag.code).toBe(0);
      expect(flag.stdout).toMatch(new RegExp(`^Usage: streamkit-plugin ${command} `));
      const topic = await runCli(["help", command]);
      expect(topic.stdout).toBe(flag.stdout);
    }
    expect((await runCli(["publish", "-h"])).stdout).toContain("--changelog TEXT");
  });

  it("prints the version", async () => {
    const result = await runCli(["--version"]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(packageJson.version);
  });

  it("rejects an unknown command, an unknown option and extra arguments with exit 2", async () => {
    const command = await runCli(["pubish"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('error: unknown command "pubish": use one of init, validate, publish, download');
    const option = await runCli(["validate", "--frobnicate"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("error: Unknown option '--frobnicate'");
    expect(option.stderr).toContain("hint: see streamkit-plugin validate --help");
    const extra = await runCli(["validate", "a", "b"]);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('unexpected argument "b"');
    const missingValue = await runCli(["init", "my-plugin", "--name"]);
    expect(missingValue.code).toBe(2);
    expect(missingValue.stderr).toContain("argument missing");
  });

  it("needs the id for init", async () => {
    const result = await runCli(["init"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("give the plugin id");
  });

  it("reports a usage error as one JSON object with --json", async () => {
    const result = await runCli(["validate", "--nope", "--json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("");
    expect(result.json).toEqual({
      ok: false,
      command: "validate",
      exitCode: 2,
      error: { code: "usage", message: "Unknown option '--nope'" },
    });
  });

  describe("publish", () => {
    it("needs a changelog, one way only, and not empty", async () => {
      const dir = await tempDir();
      const env = { STREAMKIT_API_KEY: KEY };
      const missing = await runCli(["publish", dir], { env });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("say what changed: --changelog");
      const blank = await runCli(["publish", dir, "--changelog", "   "], { env });
      expect(blank.code).toBe(2);
      expect(blank.stderr).toContain("--changelog: Describe what changed in this version.");
      const both = await runCli(["publish", dir, "--changelog", "x", "--changelog-file", join(dir, "CHANGES")], { env });
      expect(both.code).toBe(2);
      expect(both.stderr).toContain("not both");
      const unreadable = await runCli(["publish", dir, "--changelog-file", join(dir, "CHANGES")], { env });
      expect(unreadable.code).toBe(2);
      expect(unreadable.stderr).toContain("cannot read the changelog file");
    });

    it("needs a usable address", async () => {
      const env = { STREAMKIT_API_KEY: KEY };
      const flag = await runCli(["publish", "--changelog", "x", "--api-url", "localhost:3000/x y"], { env });
      expect(flag.code).toBe(2);
      expect(flag.stderr).toContain("--api-url");
      const fromEnv = await runCli(["publish", "--changelog", "x"], { env: { ...env, STREAMKIT_API_URL: "ftp://example.com" } });
      expect(fromEnv.code).toBe(2);
      expect(fromEnv.stderr).toContain("STREAMKIT_API_URL must start with https:// or http://");
    });

    it("needs a key (exit 4), and never prints it", async () => {
      const none = await runCli(["publish", "--changelog", "x"]);
      expect(none.code).toBe(4);
      expect(none.stderr).toContain("error: no API key: set STREAMKIT_API_KEY (or pass --api-key)");
      const spaced = await runCli(["publish", "--changelog", "x", "--api-key", "skit_abc def-secret"]);
      expect(spaced.code).toBe(4);
      expect(spaced.stderr).toContain("is not a Streamkit API key");
      expect(spaced.stderr).not.toContain("def-secret");
    });
  });
});
