/**
 * The token pass that lets luaparse (Lua 5.3) read Lua 5.4 source. It runs
 * luaparse's own lexer, so strings and comments are single tokens and never
 * looked into, and it only ever replaces characters with others in place:
 * every offset, line and column of the result is that of the input.
 */
import luaparse from "luaparse";

export type LocalAttribute = "const" | "close";

// luaparse.tokenTypes, which its typings do not declare.
const EOF = 1;
const KEYWORD = 4;
const IDENTIFIER = 8;
const PUNCTUATOR = 32;

interface Token {
  type: number;
  value: string;
  range: [number, number];
}

/** An error luaparse raised, with the offset it carries. */
export interface LuaparseError {
  message: string;
  index: number;
}

export function isLuaparseError(e: unknown): e is LuaparseError {
  return e instanceof SyntaxError && typeof (e as { index?: unknown }).index === "number";
}

export interface Lexed {
  /** The input, with any escape luaparse cannot read but Lua 5.4 can rewritten in place (see widenEscape). */
  text: string;
  tokens: Token[];
  /** The lexer stopped early; the parse will report why. */
  failed: boolean;
}

/** Re-lexing after each rewrite costs a pass over the file; a file with more such escapes keeps the error. */
const MAX_ESCAPE_REWRITES = 100;

/**
 * Lua 5.4 accepts \u{...} escapes up to 7FFFFFFF, luaparse only up to 10FFFF.
 * Nothing here reads the values of strings with escapes, so an escape Lua
 * would accept gets its digits replaced by an equally long one luaparse
 * accepts (\u{110000} → \u{000001}), keeping every offset.
 */
function widenEscape(text: string, errorIndex: number): string | undefined {
  const start = text.lastIndexOf("\\u{", errorIndex);
  if (start < 0) return undefined;
  const digits = /^[0-9a-fA-F]+(?=\})/.exec(text.slice(start + 3, start + 3 + 1024))?.[0];
  if (digits === undefined || parseInt(digits, 16) > 0x7fffffff) return undefined;
  return `${text.slice(0, start + 3) + "0".repeat(digits.length - 1)}1${text.slice(start + 3 + digits.length)}`;
}

/** All tokens, from luaparse's own lexer, so strings and comments are single tokens. */
export function lex(input: string): Lexed {
  let text = input;
  for (let rewrites = 0; ; rewrites++) {
    const tokens: Token[] = [];
    try {
      const lexer = luaparse.parse(text, { wait: true, luaVersion: "5.3", encodingMode: "none" });
      for (;;) {
        const token = lexer.lex() as Token;
        tokens.push(token);
        if (token.type === EOF) return { text, tokens, failed: false };
      }
    } catch (e) {
      if (!isLuaparseError(e)) throw e;
      const widened = rewrites < MAX_ESCAPE_REWRITES && e.message.includes("UTF-8 value too large") ? widenEscape(text, e.index) : undefined;
      if (widened === undefined) return { text, tokens, failed: true };
      text = widened;
    }
  }
}

/** An error found before the parse: `anchor` is where the offending construct starts, `at` where to point. */
export interface EarlyError {
  anchor: number;
  at: number;
  message: string;
}

export interface AttributeScan {
  /** The source with valid attributes blanked out. */
  source: string;
  /** Offset of each attributed variable's name → its attribute. */
  attributes: Map<number, LocalAttribute>;
  /** The first attribute error; its anchor is the `<`. */
  error?: EarlyError;
}

/** `near 'x'` as Lua words it for the token where a rule failed. */
function near(source: string, token: Token | undefined): string {
  if (!token || token.type === EOF) return "at the end of the file";
  return `near '${source.slice(token.range[0], token.range[1])}'`;
}

/**
 * Finds Lua 5.4 local attributes with luaparse's lexer and blanks them with
 * spaces. Stops at the first malformed or unknown attribute (as Lua does), and
 * quietly at a lexer error, which the real parse will then report.
 */
export function blankLocalAttributes(input: string): AttributeScan {
  return scanAttributes(input, lex(input));
}

export function scanAttributes(input: string, lexed: Lexed): AttributeScan {
  const { tokens, failed: lexerFailed } = lexed;
  // Messages quote `input`; the blanked copy starts from the lexed text. Offsets are the same in both.

  const chars = lexed.text.split("");
  const blank = (t: Token) => {
    for (let i = t.range[0]; i < t.range[1]; i++) chars[i] = " ";
  };
  const attributes = new Map<number, LocalAttribute>();
  const result = (error?: AttributeScan["error"]): AttributeScan => ({
    source: chars.join(""),
    attributes,
    ...(error ? { error } : {}),
  });
  const is = (t: Token | undefined, type: number, value?: string) => t !== undefined && t.type === type && (value === undefined || t.value === value);

  for (let i = 0; i < tokens.length; i++) {
    if (!is(tokens[i], KEYWORD, "local") || !is(tokens[i + 1], IDENTIFIER)) continue;
    // local attnamelist: Name attrib {',' Name attrib}, attrib ::= ['<' Name '>']
    let closeCount = 0;
    let j = i + 1;
    for (;;) {
      const name = tokens[j]!;
      const open = tokens[j + 1];
      if (is(open, PUNCTUATOR, "<")) {
        const attr = tokens[j + 2];
        const close = tokens[j + 3];
        // Running out of tokens means the lexer failed there. Lua reports that error, so the
        // partial attribute is blanked to let the parse reach it.
        if (lexerFailed && (attr === undefined || close === undefined)) {
          for (const t of [open!, attr]) if (t) blank(t);
          return result();
        }
        const anchor = open!.range[0];
        if (!is(attr, IDENTIFIER)) {
          return result({ anchor, at: attr!.range[0], message: `<name> expected ${near(input, attr)}` });
        }
        if (!is(close, PUNCTUATOR, ">")) {
          return result({ anchor, at: close!.range[0], message: `'>' expected ${near(input, close)}` });
        }
        for (const t of [open!, attr!, close!]) blank(t);
        const value = attr!.value;
        if (value !== "const" && value !== "close") {
          return result({ anchor, at: attr!.range[0], message: `unknown attribute '${value}' (use <const> or <close>)` });
        }
        if (value === "close" && ++closeCount > 1) {
          return result({ anchor, at: attr!.range[0], message: "multiple to-be-closed variables in local list" });
        }
        attributes.set(name.range[0], value);
        j += 4;
      } else {
        j += 1;
      }
      if (!is(tokens[j], PUNCTUATOR, ",") || !is(tokens[j + 1], IDENTIFIER)) break;
      j += 1;
    }
    i = j - 1;
  }
  return result();
}

/**
 * luaparse 0.3.1 accepts a comma with nothing before it as the first item of
 * a call's arguments or of a return list: `f(, x)`, `return , x`. No Lua
 * grammar rule puts a comma right after "(" or "return", so the tokens alone
 * show the error.
 */
export function strayCommaError(input: string, { tokens }: Lexed): EarlyError | undefined {
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const before = tokens[i - 1]!;
    if (token.type !== PUNCTUATOR || token.value !== ",") continue;
    if ((before.type === PUNCTUATOR && before.value === "(") || (before.type === KEYWORD && before.value === "return")) {
      return { anchor: token.range[0], at: token.range[0], message: `unexpected symbol ${near(input, token)}` };
    }
  }
  return undefined;
}
