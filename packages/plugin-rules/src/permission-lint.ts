/**
 * Tells an author, before the streamer ever sees it, that the code calls an
 * API its manifest does not ask permission for. The desktop app enforces
 * permissions at run time; this is the early, friendly half of that rule, so
 * it follows plain names (`http.get`, `_G.http.get`) and not what a program
 * could compute (`_G["ht" .. "tp"]`).
 */
import type { Chunk, Expression } from "luaparse";
import { isApiNamespace, LIBRARY_LOADER, PERMISSION_REQUEST, permissionForCall, type ApiNamespace } from "./api-namespaces";
import { walkLua, type Scope } from "./lua-walk";
import { isPermission, type Permission } from "./permissions";
import type { Position } from "./positions";
import { suggestPermission } from "./suggest";

export interface ApiCall extends Position {
  namespace: ApiNamespace;
  /** The function used, when the code names one; absent for `local c = chats` or `chats[k]`. */
  fn?: string;
  permission: Permission | null;
}

export interface LiteralArgument extends Position {
  value: string;
}

export interface ApiUsage {
  calls: ApiCall[];
  /** `lib.require("id")` with a literal id. */
  libraries: LiteralArgument[];
  /** `plugin.request("permission", why)` with a literal name. */
  requests: LiteralArgument[];
}

/** The parts of plugin.json the lint reads; unknown names are ignored (the manifest check reports them). */
export interface DeclaredAccess {
  permissions?: readonly string[];
  optional_permissions?: readonly string[];
  libraries?: readonly string[];
}

export interface LintProblem extends Position {
  message: string;
}

/** The text of a string literal when it has no escapes; luaparse (in "none" encoding mode) keeps only the raw form. */
function literalText(node: Expression | undefined): string | undefined {
  if (node?.type !== "StringLiteral") return undefined;
  const raw = node.raw;
  const long = /^\[(=*)\[\r?\n?([\s\S]*)\]\1\]$/.exec(raw);
  if (long) return long[2];
  const body = raw.slice(1, -1);
  return body.includes("\\") ? undefined : body;
}

function positionOf(node: Expression): Position {
  const start = node.loc?.start;
  return { line: start?.line ?? 1, column: (start?.column ?? 0) + 1 };
}

const GLOBAL_TABLES = new Set(["_G", "_ENV"]);

/** The API namespace an expression names: `chats`, `_G.chats` or `_ENV["chats"]`, unless a local hides it. */
function namespaceOf(node: Expression, scope: Scope): ApiNamespace | undefined {
  if (node.type === "Identifier") {
    return isApiNamespace(node.name) && !scope.lookup(node.name) ? node.name : undefined;
  }
  const base = node.type === "MemberExpression" || node.type === "IndexExpression" ? node.base : undefined;
  if (base?.type !== "Identifier" || !GLOBAL_TABLES.has(base.name) || scope.lookup(base.name)) return undefined;
  const name = node.type === "MemberExpression" ? node.identifier.name : literalText((node as { index: Expression }).index);
  return name !== undefined && isApiNamespace(name) ? name : undefined;
}

/** The function named by `ns.fn`, `ns:fn` or `ns["fn"]`. */
function memberName(node: Expression): string | undefined {
  if (node.type === "MemberExpression") return node.identifier.name;
  if (node.type === "IndexExpression") return literalText(node.index);
  return undefined;
}

/** Every use of the plugin API in one file, in walk order. */
export function collectApiUsage(chunk: Chunk): ApiUsage {
  const usage: ApiUsage = { calls: [], libraries: [], requests: [] };
  // Namespace references already counted as part of `ns.fn`, so they are not counted again as bare uses.
  const counted = new WeakSet<Expression>();

  const literalCall = (node: Expression, scope: Scope, target: { namespace: string; fn: string }) => {
    let callee: Expression;
    let first: Expression | undefined;
    if (node.type === "CallExpression") [callee, first] = [node.base, node.arguments[0]];
    else if (node.type === "StringCallExpression") [callee, first] = [node.base, node.argument];
    else return undefined;
    if (callee.type !== "MemberExpression" || callee.indexer !== ".") return undefined;
    if (callee.identifier.name !== target.fn || namespaceOf(callee.base, scope) !== target.namespace) return undefined;
    const value = literalText(first);
    return value === undefined ? undefined : { value, ...positionOf(node) };
  };

  walkLua(chunk, {
    expression(node, scope) {
      const library = literalCall(node, scope, LIBRARY_LOADER);
      if (library) usage.libraries.push(library);
      const request = literalCall(node, scope, PERMISSION_REQUEST);
      if (request) usage.requests.push(request);

      if (counted.has(node)) return;
      if (node.type === "MemberExpression" || node.type === "IndexExpression") {
        const namespace = namespaceOf(node.base, scope);
        if (namespace) {
          counted.add(node.base);
          const fn = memberName(node);
          usage.calls.push({
            namespace,
            ...(fn !== undefined ? { fn } : {}),
            permission: permissionForCall(namespace, fn),
            ...positionOf(node),
          });
          return;
        }
      }
      const namespace = namespaceOf(node, scope);
      if (namespace) usage.calls.push({ namespace, permission: permissionForCall(namespace), ...positionOf(node) });
    },
  });
  return usage;
}

const byPosition = (a: Position, b: Position) => a.line - b.line || a.column - b.column;

const ADD_PERMISSION = `add it to "permissions" (or "optional_permissions") in plugin.json`;

export function missingPermissionMessage(call: Pick<ApiCall, "namespace" | "fn">, permission: Permission): string {
  return call.fn === undefined
    ? `${call.namespace} (used as a whole) needs the "${permission}" permission: ${ADD_PERMISSION}`
    : `${call.namespace}.${call.fn} needs the "${permission}" permission: ${ADD_PERMISSION}`;
}

export function undeclaredLibraryMessage(library: string): string {
  return `lib.require("${library}") loads a library not listed in "libraries": add "${library}" to "libraries" in plugin.json`;
}

export function undeclaredRequestMessage(permission: string): string {
  if (!isPermission(permission)) {
    const guess = suggestPermission(permission);
    return `plugin.request("${permission}") asks for an unknown permission: ${guess ? `did you mean "${guess}"?` : `use a name from the permission table`}`;
  }
  return `plugin.request("${permission}") asks for a permission not listed in "optional_permissions": add "${permission}" to "optional_permissions" in plugin.json`;
}

/**
 * Problems for one file: each missing permission, undeclared library and
 * unlisted run-time request once, at its first use, in source order.
 */
export function lintPermissions(chunk: Chunk, declared: DeclaredAccess): LintProblem[] {
  const usage = collectApiUsage(chunk);
  const granted = new Set([...(declared.permissions ?? []), ...(declared.optional_permissions ?? [])]);
  const libraries = new Set(declared.libraries ?? []);
  const first = new Map<string, LintProblem>();
  const report = (key: string, at: Position, message: string) => {
    const seen = first.get(key);
    if (!seen || byPosition(at, seen) < 0) first.set(key, { line: at.line, column: at.column, message });
  };

  for (const call of usage.calls) {
    if (call.permission === null || granted.has(call.permission)) continue;
    report(`call ${call.namespace}.${call.fn ?? ""} ${call.permission}`, call, missingPermissionMessage(call, call.permission));
  }
  for (const lib of usage.libraries) {
    if (!libraries.has(lib.value)) report(`lib ${lib.value}`, lib, undeclaredLibraryMessage(lib.value));
  }
  for (const request of usage.requests) {
    if (!granted.has(request.value)) report(`request ${request.value}`, request, undeclaredRequestMessage(request.value));
  }
  return [...first.values()].sort(byPosition);
}
