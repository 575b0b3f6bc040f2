/**
 * Plugins run on Lua 5.4; luaparse understands Lua 5.3. The two differ in
 * syntax by 5.4's local attributes (`local x <const> = 1`, `<close>`), and in
 * a few checks luac 5.4 makes at compile time. So:
 * - a pre-pass over luaparse's own tokens (strings and comments are single
 *   tokens, never looked into) blanks each attribute in place, so every
 *   offset, line and column stays where it was, and remembers it;
 * - after the parse, a scope walk rejects what 5.4 rejects and 5.3 did not:
 *   assigning to a <const>/<close> variable, reusing a label name that is
 *   still visible from an enclosing block;
 * - the same passes cover where luaparse 0.3.1 is laxer or stricter than
 *   Lua: a stray comma, \u{...} escapes above 10FFFF (lua-prepass.ts).
 * Fuzzing against `luac5.4 -p` during development agreed on accept/reject for
 * every mutant; messages follow luaparse's wording, which is close to luac's.
 */
import luaparse, { type Chunk } from "luaparse";
import { startOf, walkLua } from "./lua-walk";
import { isLuaparseError, lex, scanAttributes, strayCommaError, type EarlyError, type LuaparseError } from "./lua-prepass";
import { lineIndex, type Position } from "./positions";

export { blankLocalAttributes, type LocalAttribute } from "./lua-prepass";

export interface LuaSyntaxError extends Position {
  /** Set when the caller named the file. */
  file?: string;
  message: string;
}

export type LuaParseResult = { ok: true; chunk: Chunk; source: string } | { ok: false; error: LuaSyntaxError };

/** luaparse prefixes "[line:column] "; positions are recomputed from the offset instead. */
function luaparseMessage(e: LuaparseError): string {
  return tidy(e.message.replace(/^\[\d+:\d+\] /, ""));
}

function tidy(message: string): string {
  return message.replace(/ near '<eof>'$/, " at the end of the file");
}

/**
 * What Lua's file loader skips before the lexer sees anything: a UTF-8 byte
 * order mark (dropped, as editors do not count it as a column) and a first
 * line starting with "#" (blanked, keeping line numbers).
 */
function skipPreamble(source: string): string {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  if (!text.startsWith("#")) return text;
  const end = text.search(/[\r\n]|$/);
  return " ".repeat(end) + text.slice(end);
}
/** Recursion limits differ between JavaScript engines; Lua's own limit (200 levels) is far lower anyway. */
export const TOO_DEEP = "the code is nested too deeply to check: split it into smaller functions";

/** Parses one Lua file as Lua 5.4. Never throws for bad input. */
export function parseLua(source: string, options: { file?: string } = {}): LuaParseResult {
  const text = skipPreamble(source);
  const position = lineIndex(text);
  const fail = (offset: number, message: string): LuaParseResult => ({
    ok: false,
    error: { ...(options.file !== undefined ? { file: options.file } : {}), ...position(offset), message },
  });

  const lexed = lex(text);
  const scan = scanAttributes(text, lexed);
  // The earliest error found from tokens alone; the parse may still find an earlier one.
  const early = [scan.error, strayCommaError(text, lexed)].filter((e): e is EarlyError => e !== undefined).sort((a, b) => a.anchor - b.anchor)[0];
  let chunk: Chunk;
  try {
    chunk = luaparse.parse(scan.source, {
      luaVersion: "5.3",
      encodingMode: "none",
      comments: true,
      locations: true,
      ranges: true,
    });
  } catch (e) {
    if (e instanceof RangeError) return fail(0, TOO_DEEP);
    if (!isLuaparseError(e)) throw e;
    if (early && e.index >= early.anchor) return fail(early.at, early.message);
    // luaparse points past the line break that cut a string short; Lua names the line the string is on.
    const offset = e.message.includes("unfinished string") ? e.index - 1 : e.index;
    return fail(offset, luaparseMessage(e));
  }

  // What luac 5.4 refuses at compile time beyond luaparse's checks: assigning to a <const> or
  // <close> variable, and (new in 5.4) reusing a label name still visible from an enclosing block.
  let firstError = early ? { offset: early.at, message: early.message } : undefined;
  const note = (offset: number, message: string) => {
    if (!firstError || offset < firstError.offset) firstError = { offset, message };
  };
  /** Per function being walked, its open blocks' labels → line. */
  const labels: Array<Array<Map<string, number>>> = [];
  try {
    walkLua(chunk, {
      assign(target, binding) {
        if (binding && scan.attributes.has(startOf(binding.declaration))) {
          note(startOf(target), `attempt to assign to const variable '${target.name}'`);
        }
      },
      enterBlock(functionBody) {
        if (functionBody) labels.push([]);
        labels[labels.length - 1]!.push(new Map());
      },
      leaveBlock() {
        const blocks = labels[labels.length - 1]!;
        blocks.pop();
        if (blocks.length === 0) labels.pop();
      },
      statement(node) {
        if (node.type !== "LabelStatement") return;
        const blocks = labels[labels.length - 1]!;
        const name = node.label.name;
        const line = node.loc?.start.line ?? 0;
        const earlier = blocks.find((b) => b.has(name))?.get(name);
        if (earlier !== undefined) note(startOf(node), `label '${name}' already defined on line ${earlier}`);
        else blocks[blocks.length - 1]!.set(name, line);
      },
    });
  } catch (e) {
    if (e instanceof RangeError) return fail(0, TOO_DEEP);
    throw e;
  }
  if (firstError) return fail(firstError.offset, firstError.message);
  return { ok: true, chunk, source: text };
}
