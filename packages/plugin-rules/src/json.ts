/**
 * A strict JSON reader for plugin.json. JSON.parse would do, except that its
 * error messages differ between Node versions (the CLI on an author's machine
 * and the server must print the same words), it does not say where the
 * problem is in lines and columns, and it silently keeps the last of two
 * equal keys, where an author almost certainly made a mistake.
 */
import { lineIndex, type Position } from "./positions";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface JsonDuplicateKey {
  /** JSON pointer to the property that appears more than once. */
  pointer: string;
  key: string;
}

export type JsonParseResult = { ok: true; value: JsonValue; duplicates: JsonDuplicateKey[] } | { ok: false; error: Position & { message: string } };

/** Nesting beyond this is no manifest; refusing it keeps the reader's recursion shallow. */
const MAX_DEPTH = 64;

/** RFC 6901: "~" and "/" in a key are escaped. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseJson(text: string): JsonParseResult {
  let i = 0;
  const duplicates: JsonDuplicateKey[] = [];
  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(at, message);
  };
  const shown = (at: number) => {
    if (at >= text.length) return "the end of the file";
    const c = text.codePointAt(at)!;
    if (c < 0x20) return `the control character U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
    return c === 0x22 ? `'"'` : `"${String.fromCodePoint(c)}"`;
  };
  const space = () => {
    for (;;) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
      else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) fail("JSON does not allow comments: remove it");
      else return;
    }
  };

  const value = (path: PropertyKey[]): JsonValue => {
    if (path.length > MAX_DEPTH) fail(`the JSON is nested more than ${MAX_DEPTH} levels deep`);
    space();
    const c = text[i];
    if (c === "{") return object(path);
    if (c === "[") return array(path);
    if (c === '"') return string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    for (const [word, result] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return result;
      }
    }
    if (c === "'") return fail('JSON strings need double quotes ("), not single quotes');
    if (c === "}" || c === "]") return fail(`expected a value before ${shown(i)}; remove the comma before it if there is one`);
    return fail(`expected a value (a string, number, object, array, true, false or null) but found ${shown(i)}`);
  };

  const object = (path: PropertyKey[]): JsonValue => {
    i++; // {
    const result: { [key: string]: JsonValue } = {};
    space();
    if (text[i] === "}") {
      i++;
      return result;
    }
    for (;;) {
      space();
      if (text[i] === "}") fail('there is a comma after the last property: remove the "," before "}"');
      if (text[i] !== '"') fail(`expected a property name in double quotes but found ${shown(i)}`);
      const key = string();
      space();
      if (text[i] !== ":") fail(`expected ":" after the property name "${key}" but found ${shown(i)}`);
      i++;
      const item = value([...path, key]);
      if (Object.hasOwn(result, key)) duplicates.push({ pointer: jsonPointer([...path, key]), key });
      // defineProperty, not assignment: a "__proto__" key must stay an ordinary property.
      Object.defineProperty(result, key, { value: item, enumerable: true, writable: true, configurable: true });
      space();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return result;
      }
      fail(`expected "," or "}" after the value of "${key}" but found ${shown(i)}`);
    }
  };

  const array = (path: PropertyKey[]): JsonValue => {
    i++; // [
    const result: JsonValue[] = [];
    space();
    if (text[i] === "]") {
      i++;
      return result;
    }
    for (;;) {
      space();
      if (text[i] === "]") fail('there is a comma after the last item: remove the "," before "]"');
      result.push(value([...path, result.length]));
      space();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "]") {
        i++;
        return result;
      }
      fail(`expected "," or "]" after an item but found ${shown(i)}`);
    }
  };

  const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

  const string = (): string => {
    const start = i;
    i++; // "
    let out = "";
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail("a string is not closed: add the missing double quote", start);
      if (c === '"') {
        i++;
        return out;
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          const digits = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('"\\u" must be followed by four hexadecimal digits');
          out += String.fromCharCode(parseInt(digits, 16));
          i += 6;
        } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
          out += ESCAPES[e];
          i += 2;
        } else {
          fail(`"\\${e ?? ""}" is not a JSON escape: write "\\\\" for a backslash`);
        }
        continue;
      }
      if (c < " ") fail(`a string contains a raw line break or control character: write it as an escape such as "\\n"`);
      out += c;
      i++;
    }
  };

  const number = (): number => {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!match) return fail(`${shown(i)} does not start a valid number`);
    const next = text[i + match[0].length];
    if (next !== undefined && /[0-9.eE]/.test(next)) fail('invalid number (no leading zeros, a digit after ".")');
    i += match[0].length;
    return Number(match[0]);
  };

  try {
    const result = value([]);
    space();
    if (i < text.length) fail(`unexpected ${shown(i)} after the end of the JSON value`);
    return { ok: true, value: result, duplicates };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ok: false, error: { ...lineIndex(text)(e.offset), message: e.message } };
  }
}
