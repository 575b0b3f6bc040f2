/**
 * The rows of a `db.execute(sql…)`: postgres.js answers with the rows
 * themselves (an array), PGlite with an object holding them. Prefer the query
 * builder; this is for the statements it cannot write (data-modifying CTEs,
 * SQL functions).
 */
export function executedRows<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (Array.isArray(result) ? [...result] : (result as { rows: Row[] }).rows) as Row[];
}
