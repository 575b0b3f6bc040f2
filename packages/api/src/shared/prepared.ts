import type { Db } from "@streamkit/db";

/**
 * Statements prepared once per database handle: the hot paths (browsing, the
 * caller's resolution, the rate limit) build no SQL per request, and
 * PostgreSQL plans them once per connection.
 */
export function preparedPerDatabase<T, D extends object = Db>(prepare: (db: D) => T): (db: D) => T {
  const prepared = new WeakMap<D, T>();
  return (db) => {
    let statements = prepared.get(db);
    if (!statements) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}
