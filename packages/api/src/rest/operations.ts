/**
 * Runs a JSON operation of /api/v1 once the core has routed it: its input is
 * made as trpc-to-openapi makes it (the query string, or the parsed body,
 * with the path's parameters; query strings coerced to what the schema
 * expects) and its procedure is called directly, so a request is routed
 * once and a failure reaches the core as thrown, to be unwrapped once.
 */
import {
  coerceSchema,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
  zodSupportsCoerce,
} from "trpc-to-openapi";
import { ZodArray } from "zod/v4";
import type { Context } from "../shared/context";
import type { RestRoute } from "./routes";

/** What the procedure answered: its status (ctx.res.status or 200) and its JSON, undefined when it returned nothing. */
export interface OperationResult {
  status: number;
  body: string | undefined;
}

export async function callOperation(route: RestRoute, context: Context, url: URL, path: string, body: unknown): Promise<OperationResult> {
  const input = inputOf(route, url, path, body);
  const data = await route.procedure({
    ctx: context,
    path: route.procedurePath,
    getRawInput: async () => input,
    type: route.procedure._def.type,
    signal: undefined,
    batchIndex: 0,
  });
  return { status: context.res.status ?? 200, body: JSON.stringify(data) as string | undefined };
}

function inputOf(route: RestRoute, url: URL, path: string, body: unknown): unknown {
  const { inputParser } = getInputOutputParsers(route.procedure as never);
  const schema = unwrapZodType(inputParser as never, true);
  // A procedure without input (z.void()) gets none.
  if (instanceofZodTypeLikeVoid(schema)) return undefined;
  const fromQuery = body === undefined;
  const input: Record<string, unknown> = { ...(fromQuery ? queryOf(url) : (body as object)), ...route.pattern.exec(path)?.groups };
  if (zodSupportsCoerce && instanceofZodTypeObject(schema)) {
    // A parameter repeated once is a string; an array field still gets an array.
    if (fromQuery) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        const isArray = shape instanceof ZodArray || (instanceofZodTypeOptional(shape) && shape.unwrap() instanceof ZodArray);
        if (isArray && input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
      }
    }
    if (!coerced.has(schema)) {
      coerceSchema(schema);
      coerced.add(schema);
    }
  }
  return input;
}

/** Schemas already made to coerce (the walk changes them for good, so once each is enough). */
const coerced = new WeakSet<object>();

/**
 * The query string, each name to its value (or its values when repeated).
 * Assigned into a plain object as the library did: `?__proto__=x` cannot
 * change its prototype and is dropped.
 */
function queryOf(url: URL): Record<string, string | string[]> {
  const values = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of url.searchParams) {
    values[name] ??= [];
    values[name].push(value);
  }
  const query: Record<string, string | string[]> = {};
  for (const name of Object.keys(values)) {
    const value = values[name]!;
    query[name] = value.length === 1 ? value[0]! : value;
  }
  return query;
}
