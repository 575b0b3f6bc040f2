import { describe, expect, it } from "vitest";
import { jsonPointer, parseJson } from "../src/json";

describe("parseJson", () => {
  it("reads what JSON.parse reads", () => {
    const samples = ['{"a":[1,-2.5e3,true,false,null,"x\\n\\u00e9\\/"],"b":{}}', "[]", '"s"', "0", " \r\n\t{ } "];
    for (const text of samples) {
      const result = parseJson(text);
      expect(result.ok, text).toBe(true);
      if (result.ok) expect(result.value).toEqual(JSON.parse(text));
    }
  });

  it.each([
    ['{\n  "id": "x",\n}', 3, 1, 'there is a comma after the last property: remove the "," before "}"'],
    ['{\n  "id": "x"\n  "name": "y"\n}', 3, 3, `expected "," or "}" after the value of "id" but found '"'`],
    ["{\n  // note\n}", 2, 3, "JSON does not allow comments: remove it"],
    ["{'id': 1}", 1, 2, 'expected a property name in double quotes but found "\'"'],
    ["{\"id\": 'x'}", 1, 8, 'JSON strings need double quotes ("), not single quotes'],
    ['{"id": "x', 1, 8, "a string is not closed: add the missing double quote"],
    ['{"a": 01}', 1, 7, 'invalid number (no leading zeros, a digit after ".")'],
    ['{"a": [1, 2,]}', 1, 13, 'there is a comma after the last item: remove the "," before "]"'],
    ['{"a": "\\x"}', 1, 8, '"\\x" is not a JSON escape: write "\\\\" for a backslash'],
    ['{"a": 1} x', 1, 10, 'unexpected "x" after the end of the JSON value'],
    ["", 1, 1, "expected a value (a string, number, object, array, true, false or null) but found the end of the file"],
  ])("reports %j at %i:%i", (text, line, column, message) => {
    expect(parseJson(text)).toEqual({ ok: false, error: { line, column, message } });
  });

  it("notes keys that appear twice, by JSON pointer", () => {
    const result = parseJson('{"permissions": [], "a": {"b/c": 1, "b/c": 2}, "permissions": ["tts"]}');
    expect(result).toEqual({
      ok: true,
      value: { permissions: ["tts"], a: { "b/c": 2 } },
      duplicates: [
        { pointer: "/a/b~1c", key: "b/c" },
        { pointer: "/permissions", key: "permissions" },
      ],
    });
  });

  it("keeps __proto__ as an ordinary key", () => {
    const result = parseJson('{"__proto__": {"polluted": true}}');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Object.keys(result.value as object)).toEqual(["__proto__"]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("refuses absurd nesting instead of overflowing the stack", () => {
    const result = parseJson("[".repeat(10000) + "]".repeat(10000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe("the JSON is nested more than 64 levels deep");
  });

  it("escapes ~ and / in pointers", () => {
    expect(jsonPointer(["a~b", "c/d", 0])).toBe("/a~0b/c~1d/0");
  });
});
