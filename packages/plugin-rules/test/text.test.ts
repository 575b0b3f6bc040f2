import { describe, expect, it } from "vitest";
import { formatBytes, formatSizeAgainstLimit } from "../src/limits";
import { textProblems, utf8Length } from "../src/text";

describe("utf8Length", () => {
  it("counts bytes as UTF-8 encoders do", () => {
    for (const s of ["", "abc", "é", "€", "🎉", "a\u00e9\u20ac\u{1F389}z", "\uD800", "x\uDC00y"]) {
      expect(utf8Length(s), JSON.stringify(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});

describe("textProblems", () => {
  it("finds nothing wrong in ordinary text", () => {
    expect(textProblems("print('héllo 🎉')\r\n\tx = 1\f\v\n")).toEqual([]);
  });

  it("reports each kind once, at its first place, with a count", () => {
    const problems = textProblems("a\u0000\nb\u0085 \u0000\n\uDFFF");
    expect(problems.map(({ kind, line, column, count }) => ({ kind, line, column, count }))).toEqual([
      { kind: "nul", line: 1, column: 2, count: 2 },
      { kind: "control", line: 2, column: 2, count: 1 },
      { kind: "surrogate", line: 3, column: 1, count: 1 },
    ]);
    expect(problems[1]?.message).toBe("contains the control character U+0085, which is not text: remove it (tabs, line breaks and form feeds are fine)");
  });
});

describe("formatBytes", () => {
  it("prints sizes the way limits are stated", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(256 * 1024)).toBe("256 KiB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MiB");
    expect(formatSizeAgainstLimit(262150, 262144)).toEqual(["262150 bytes", "262144 bytes"]);
    expect(formatSizeAgainstLimit(300 * 1024, 262144)).toEqual(["300 KiB", "256 KiB"]);
  });
});
