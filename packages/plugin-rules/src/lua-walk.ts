import type { Chunk, Expression, Identifier, Statement } from "luaparse";

/** luaparse adds `range` when asked to (`ranges: true`); its typings omit it. */
export type Ranged = { range?: [number, number] };

export function startOf(node: object): number {
  return (node as Ranged).range?.[0] ?? 0;
}

export interface Binding {
  name: string;
  declaration: Identifier;
}

/** One Lua block's locals. Re-declaring a name in the same block shadows the earlier one, as in Lua. */
export class Scope {
  private readonly names = new Map<string, Binding>();
  constructor(readonly parent: Scope | null) {}

  declare(id: Identifier): void {
    this.names.set(id.name, { name: id.name, declaration: id });
  }

  /** The local a name refers to here, or null when it is a global. */
  lookup(name: string): Binding | null {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      const found = scope.names.get(name);
      if (found) return found;
    }
    return null;
  }
}

export interface LuaVisitor {
  /** Called for every expression, parents before children. */
  expression?(node: Expression, scope: Scope): void;
  /** A plain name being assigned (`x = 1`, `function x() end`); binding is null for a global. */
  assign?(target: Identifier, binding: Binding | null): void;
  /** Called for every statement, before its parts. */
  statement?(node: Statement, scope: Scope): void;
  /** A block begins; `functionBody` is true for a function's (and the chunk's) outermost block. */
  enterBlock?(functionBody: boolean): void;
  leaveBlock?(): void;
}

/**
 * Walks a chunk with Lua's scoping rules, so a visitor can tell a global from
 * a local of the same name: `local x = x` reads the outer x, a `repeat` body's
 * locals are visible in its `until`, loop variables only inside the loop.
 */
export function walkLua(chunk: Chunk, visitor: LuaVisitor): void {
  const expr = (node: Expression, scope: Scope): void => {
    visitor.expression?.(node, scope);
    switch (node.type) {
      case "FunctionDeclaration":
        functionBody(node.parameters, node.body, scope, false);
        return;
      case "TableConstructorExpression":
        for (const field of node.fields) {
          if (field.type === "TableKey") expr(field.key, scope);
          expr(field.value, scope);
        }
        return;
      case "BinaryExpression":
      case "LogicalExpression":
        expr(node.left, scope);
        expr(node.right, scope);
        return;
      case "UnaryExpression":
        expr(node.argument, scope);
        return;
      case "MemberExpression":
        expr(node.base, scope);
        return;
      case "IndexExpression":
        expr(node.base, scope);
        expr(node.index, scope);
        return;
      case "CallExpression":
        expr(node.base, scope);
        for (const arg of node.arguments) expr(arg, scope);
        return;
      case "TableCallExpression":
        expr(node.base, scope);
        expr(node.arguments, scope);
        return;
      case "StringCallExpression":
        expr(node.base, scope);
        expr(node.argument, scope);
        return;
      default:
        return; // literals and plain names have no children
    }
  };

  /** Runs `inside` in a new block with its own scope. */
  const inBlock = (outer: Scope | null, functionBody: boolean, inside: (scope: Scope) => void): void => {
    visitor.enterBlock?.(functionBody);
    inside(new Scope(outer));
    visitor.leaveBlock?.();
  };

  const functionBody = (parameters: Array<Identifier | { type: "VarargLiteral" }>, body: Statement[], outer: Scope, isMethod: boolean): void =>
    inBlock(outer, true, (scope) => {
      if (isMethod) scope.declare({ type: "Identifier", name: "self" });
      for (const p of parameters) if (p.type === "Identifier") scope.declare(p);
      statements(body, scope);
    });

  const assignTo = (target: Identifier, scope: Scope): void => {
    visitor.assign?.(target, scope.lookup(target.name));
  };

  const statements = (body: Statement[], scope: Scope): void => {
    for (const s of body) statement(s, scope);
  };

  const block = (body: Statement[], outer: Scope): void => inBlock(outer, false, (scope) => statements(body, scope));

  const statement = (node: Statement, scope: Scope): void => {
    visitor.statement?.(node, scope);
    switch (node.type) {
      case "LocalStatement":
        for (const e of node.init) expr(e, scope);
        for (const v of node.variables) scope.declare(v);
        return;
      case "AssignmentStatement":
        for (const e of node.init) expr(e, scope);
        for (const v of node.variables) {
          if (v.type === "Identifier") assignTo(v, scope);
          else expr(v, scope);
        }
        return;
      case "CallStatement":
        expr(node.expression, scope);
        return;
      case "FunctionDeclaration": {
        const id = node.identifier;
        let isMethod = false;
        if (id?.type === "Identifier") {
          if (node.isLocal) scope.declare(id);
          else assignTo(id, scope);
        } else if (id) {
          isMethod = id.indexer === ":";
          expr(id.base, scope);
        }
        functionBody(node.parameters, node.body, scope, isMethod);
        return;
      }
      case "ReturnStatement":
        for (const e of node.arguments) expr(e, scope);
        return;
      case "IfStatement":
        for (const clause of node.clauses) {
          if (clause.type !== "ElseClause") expr(clause.condition, scope);
          block(clause.body, scope);
        }
        return;
      case "WhileStatement":
        expr(node.condition, scope);
        block(node.body, scope);
        return;
      case "DoStatement":
        block(node.body, scope);
        return;
      case "RepeatStatement":
        inBlock(scope, false, (inner) => {
          statements(node.body, inner);
          expr(node.condition, inner);
        });
        return;
      case "ForNumericStatement": {
        expr(node.start, scope);
        expr(node.end, scope);
        if (node.step) expr(node.step, scope);
        inBlock(scope, false, (inner) => {
          inner.declare(node.variable);
          statements(node.body, inner);
        });
        return;
      }
      case "ForGenericStatement": {
        for (const e of node.iterators) expr(e, scope);
        inBlock(scope, false, (inner) => {
          for (const v of node.variables) inner.declare(v);
          statements(node.body, inner);
        });
        return;
      }
      default:
        return; // labels, goto, break
    }
  };

  inBlock(null, true, (scope) => statements(chunk.body, scope));
}
