import semver from "semver";
import { describe, expect, it } from "vitest";
import { compareVersions, explainInvalidVersion, isHigherVersion, isValidVersion, versionKey } from "../src/semver";

describe("version order", () => {
  it("orders 1.0.0 < 1.0.1 < 1.1.0-beta < 1.1.0 = 1.1.0+build < 2.0.0", () => {
    const chain = ["1.0.0", "1.0.1", "1.1.0-beta", "1.1.0", "2.0.0"];
    for (let i = 0; i + 1 < chain.length; i++) {
      expect(compareVersions(chain[i]!, chain[i + 1]!), `${chain[i]} < ${chain[i + 1]}`).toBe(-1);
      expect(compareVersions(chain[i + 1]!, chain[i]!)).toBe(1);
      expect(isHigherVersion(chain[i + 1]!, chain[i]!)).toBe(true);
      expect(isHigherVersion(chain[i]!, chain[i + 1]!)).toBe(false);
    }
    expect(compareVersions("1.1.0", "1.1.0+build")).toBe(0);
    expect(isHigherVersion("1.1.0+build", "1.1.0")).toBe(false);
  });

  it("follows SemVer 2.0 pre-release precedence", () => {
    const sorted = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"];
    const shuffled = [...sorted].reverse();
    expect(shuffled.sort(compareVersions)).toEqual(sorted);
    expect(compareVersions("1.10.0", "1.9.0")).toBe(1);
  });

  it("keys versions without build metadata", () => {
    expect(versionKey("1.1.0+build.5")).toBe("1.1.0");
    expect(versionKey("1.1.0-beta+exp.sha.5114f85")).toBe("1.1.0-beta");
    expect(versionKey("2.0.0")).toBe("2.0.0");
  });

  it("refuses to compare strings that are not versions", () => {
    expect(() => compareVersions("v1.0.0", "1.0.0")).toThrow(TypeError);
    expect(() => versionKey("1.0")).toThrow(/not a SemVer 2.0 version/);
  });
});

describe("explainInvalidVersion", () => {
  it.each([
    ["01.0.0", 'the major version "01" has a leading zero'],
    ["1.00.0", 'the minor version "00" has a leading zero'],
    ["1.0.01", 'the patch version "01" has a leading zero'],
    ["1.0.0-01", 'the pre-release number "01" has a leading zero'],
    ["1.0.0-alpha..1", "the pre-release has an empty part (two dots in a row, or a dot at either end)"],
    ["1.0.0-alpha_1", 'the pre-release may contain only letters, digits, hyphens and dots, not "_"'],
    ["1.0.0+build+2", 'the build metadata may contain only letters, digits, hyphens and dots, not "+"'],
    ["1.0.0+", "the build metadata has an empty part (two dots in a row, or a dot at either end)"],
    ["99999999999999999999.0.0", 'the major version "99999999999999999999" is too large'],
    ["v1.0.0", "it must be three numbers separated by dots, like 1.2.3, optionally followed by -pre.release and +build"],
  ])("%s: %s", (version, reason) => {
    expect(explainInvalidVersion(version)).toBe(reason);
  });

  it("agrees with the semver package on what is valid", () => {
    const corpus = [
      "0.0.0",
      "1.2.3",
      "1.2.3-0",
      "1.2.3-0a",
      "1.2.3-00",
      "1.2.3-a.0",
      "1.2.3-a.01",
      "1.2.3-a-b--c",
      "1.2.3+001",
      "1.2.3+a.b",
      "1.2.3+a..b",
      "1.2.3-",
      "1.2.3-.a",
      "1.2.3-a.",
      "1.2.3-+b",
      "1.2.3+b-",
      "01.2.3",
      "1.2",
      "1.2.3.4",
      "1.2.3-α",
      "9007199254740991.0.0",
      "9007199254740992.0.0",
      "1.0.0-rc.1+build.1",
    ];
    for (const version of corpus) {
      const ours = isValidVersion(version);
      const theirs = semver.valid(version) !== null;
      expect(ours, version).toBe(theirs);
    }
  });

  it("rejects the prefixes and spaces the semver package tolerates", () => {
    for (const version of ["v1.2.3", " 1.2.3", "1.2.3 "]) {
      expect(semver.valid(version), version).not.toBeNull();
      expect(isValidVersion(version), version).toBe(false);
    }
  });

  it("accepts build numbers with leading zeros, which SemVer allows", () => {
    expect(explainInvalidVersion("1.0.0+001")).toBeNull();
  });
});
