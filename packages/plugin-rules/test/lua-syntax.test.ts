import { describe, expect, it } from "vitest";
import { blankLocalAttributes, parseLua } from "../src/lua-syntax";

function errorOf(source: string) {
  const result = parseLua(source, { file: "main.lua" });
  if (result.ok) throw new Error(`expected a syntax error in ${JSON.stringify(source)}`);
  return result.error;
}

describe("parseLua: syntax errors", () => {
  it("reports file, 1-based line and column, and a message", () => {
    expect(errorOf("local a = 1\nlocal b = = 2\n")).toEqual({
      file: "main.lua",
      line: 2,
      column: 11,
      message: "<expression> expected near '='",
    });
  });

  it("leaves the file out when the caller does not name one", () => {
    const result = parseLua("x =");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ line: 1, column: 4, message: "<expression> expected at the end of the file" });
  });

  it("counts columns after tabs and multi-byte characters as editors do", () => {
    expect(errorOf('\tlocal s = "é" ]')).toMatchObject({ line: 1, column: 16 });
  });

  it("counts \\r\\n as one line break", () => {
    expect(errorOf("a = 1\r\nb = 2\r\nc = )")).toMatchObject({ line: 3, column: 5 });
  });

  it("places an unfinished string on the line it starts on", () => {
    expect(errorOf("print('abc\nx = 1")).toMatchObject({ line: 1, message: expect.stringContaining("unfinished string") });
  });

  it.each([
    ["break", "no loop to break"],
    ["goto nowhere", "no visible label 'nowhere'"],
    ["function f() return ... end", "cannot use '...' outside a vararg function"],
    ["local s = '\\q'", "invalid escape sequence"],
    ["x = 1e", "malformed number"],
    ["if x then", "'end' expected"],
    ["é = 1", "unexpected symbol"],
  ])("rejects %j like luac 5.4 does", (source, message) => {
    expect(errorOf(source).message).toContain(message);
  });

  it.each([
    "x = 1 // 2 | 3 ~ 4 << 1",
    "goto continue\n::continue::",
    "local t = {1, 2, 3,}; return #t",
    "x = 0x1p4 + 0xA.8",
    "local function f(...) return select('#', ...) end",
    "obj:method 'str' {1}",
  ])("accepts Lua 5.3/5.4 code %j", (source) => {
    expect(parseLua(source).ok).toBe(true);
  });

  it("skips a first line starting with # and a byte order mark, as Lua's loader does", () => {
    expect(parseLua("#!/usr/bin/env lua\nprint(1)").ok).toBe(true);
    expect(parseLua("# any comment\nprint(1)").ok).toBe(true);
    expect(parseLua("\uFEFFprint(1)").ok).toBe(true);
    expect(errorOf("\uFEFFx = = 1")).toMatchObject({ line: 1, column: 5 });
  });

  it("returns an error instead of throwing for deeply nested code", () => {
    const deep = `x = ${"(".repeat(20000)}1${")".repeat(20000)}`;
    const result = parseLua(deep);
    expect(result.ok).toBe(false);
  });
});

describe("parseLua: Lua 5.4 local attributes", () => {
  it("accepts <const> and <close>", () => {
    const result = parseLua("local x <const> = 1\nlocal f <close> = nil\nlocal a <const>, b, c <close> = 1, 2, nil\nreturn x + a");
    expect(result.ok).toBe(true);
    if (result.ok) {
      const local = result.chunk.body[0];
      expect(local?.type).toBe("LocalStatement");
    }
  });

  it("accepts attributes without spaces or across lines", () => {
    expect(parseLua("local x<const> = 1").ok).toBe(true);
    expect(parseLua("local\nx\n<\nconst\n>\n=\n1").ok).toBe(true);
  });

  it("rejects an unknown attribute the way Lua 5.4 does", () => {
    expect(errorOf("local a = 1\nlocal x <foo> = 1")).toEqual({
      file: "main.lua",
      line: 2,
      column: 10,
      message: "unknown attribute 'foo' (use <const> or <close>)",
    });
    expect(errorOf("local x <CONST> = 1").message).toContain("unknown attribute 'CONST'");
  });

  it("rejects malformed attributes", () => {
    expect(errorOf("local x < = 1")).toMatchObject({ column: 11, message: "<name> expected near '='" });
    expect(errorOf("local x <const = 1")).toMatchObject({ column: 16, message: "'>' expected near '='" });
    // Lua's lexer reads ">=" as one token, so this is an error in Lua 5.4 too.
    expect(errorOf("local x <const>= 1").message).toBe("'>' expected near '>='");
    expect(errorOf("local y <foo").message).toBe("'>' expected at the end of the file");
  });

  it("rejects two to-be-closed variables in one statement", () => {
    expect(errorOf("local a <close>, b <close> = nil, nil").message).toBe("multiple to-be-closed variables in local list");
  });

  it("rejects assigning to a <const> or <close> variable, even from a nested function", () => {
    expect(errorOf("local x <const> = 1\nx = 2")).toMatchObject({ line: 2, column: 1, message: "attempt to assign to const variable 'x'" });
    expect(errorOf("local c <close> = nil\nfunction f() c = 1 end")).toMatchObject({ line: 2, column: 14 });
    expect(errorOf("local x <const> = 1; function x() end").message).toContain("const variable 'x'");
    expect(errorOf("local a <const>, b = 1, 2; b, a = 3, 4").message).toContain("const variable 'a'");
  });

  it("allows assigning to a shadowing variable or to a const table's fields", () => {
    expect(parseLua("local x <const> = 1\ndo local x = 2; x = 3 end").ok).toBe(true);
    expect(parseLua("local x <const> = 1\nlocal function f(x) x = 2 end").ok).toBe(true);
    expect(parseLua("local t <const> = {}\nt.a = 1; t[2] = 3").ok).toBe(true);
    expect(parseLua("local a <const>, b = 1, 2; b = 3").ok).toBe(true);
  });

  it("reports whichever error comes first in the file", () => {
    expect(errorOf("x = = 1\nlocal y <foo> = 1")).toMatchObject({ line: 1 });
    expect(errorOf("local y <foo> = 1\nx = = 1")).toMatchObject({ line: 1, message: expect.stringContaining("unknown attribute") });
    expect(errorOf("local a <const> = 1; a = 2\nlocal b <foo> = 1")).toMatchObject({ line: 1, message: expect.stringContaining("const variable 'a'") });
  });
});

describe("blankLocalAttributes", () => {
  it("blanks only the attribute tokens, keeping every offset", () => {
    const source = "local x <const> = 1\nlocal y<close> =nil";
    const { source: blanked, attributes, error } = blankLocalAttributes(source);
    expect(error).toBeUndefined();
    expect(blanked).toBe("local x         = 1\nlocal y        =nil");
    expect(blanked.length).toBe(source.length);
    expect([...attributes]).toEqual([
      [6, "const"],
      [26, "close"],
    ]);
  });

  it("never touches strings or comments that contain <const>", () => {
    const source = [
      "local s = 'local a <const> = 1'",
      'local d = "<close>"',
      "-- local b <foo> = 2",
      "--[[ local c <const> = 3 ]]",
      "local l = [==[ local e <bar> ]==]",
      "local x <const> = s .. d",
    ].join("\n");
    const { source: blanked, error } = blankLocalAttributes(source);
    expect(error).toBeUndefined();
    expect(blanked).toBe(source.replace("local x <const> = s", "local x         = s"));
    expect(parseLua(source).ok).toBe(true);
  });

  it("leaves comparisons outside local declarations alone", () => {
    const source = "local x = a <const> b\nif a < b then end";
    expect(blankLocalAttributes(source).source).toBe(source);
    expect(parseLua(source).ok).toBe(true);
  });

  it("stops quietly at a lexer error, which the parse then reports", () => {
    const { error } = blankLocalAttributes("local s = 'open\nlocal x <");
    expect(error).toBeUndefined();
    expect(errorOf("local s = 'open\nlocal x <").message).toContain("unfinished string");
  });
});

describe("parseLua: where luaparse alone would disagree with Lua 5.4", () => {
  it("rejects a comma right after '(' or 'return', which luaparse 0.3.1 lets through", () => {
    expect(errorOf("f(, x)")).toMatchObject({ line: 1, column: 3, message: "unexpected symbol near ','" });
    expect(errorOf("local function g()\n  return , nil\nend")).toMatchObject({ line: 2, column: 10, message: "unexpected symbol near ','" });
    expect(errorOf("obj:m(, 1)").message).toBe("unexpected symbol near ','");
    expect(parseLua("f(a, b)\nreturn a, b").ok).toBe(true);
  });

  it("reports a string that never closes inside an attribute as the string's error", () => {
    expect(errorOf("local a <[[ const> = 1").message).toContain("unfinished long string");
    expect(errorOf("local a <const [[ > = 1").message).toContain("unfinished long string");
  });
});

describe("parseLua: other Lua 5.4 compile-time rules", () => {
  it("rejects a label whose name is still visible from an enclosing block", () => {
    expect(errorOf("::top::\nwhile true do\n  ::top::\nend")).toMatchObject({
      line: 3,
      column: 3,
      message: "label 'top' already defined on line 1",
    });
    expect(parseLua("do ::a:: end\n::a::").ok).toBe(true);
    expect(parseLua("::a::\nlocal f = function() ::a:: end").ok).toBe(true);
  });

  it("accepts \\u{...} escapes up to 7FFFFFFF, as Lua 5.4 does", () => {
    expect(parseLua("local s = '\\u{110000}' .. \"\\u{7FFFFFFF}\"").ok).toBe(true);
    expect(errorOf("local s = '\\u{80000000}'").message).toContain("UTF-8 value too large");
  });
});
