import type { ReactNode } from "react";
import { TableScroll } from "@/components/table-scroll";

/** A column heading: its text, or `{ label, numeric }` for right-aligned figures, or `{ label, hidden }` for a heading only screen readers need. */
export type Column = string | { label: string; numeric?: boolean; hidden?: boolean };

/**
 * The site's data table: a sentence when there are no rows, otherwise a
 * table named by the heading `labelledBy` points at, with one row of column
 * headings, that scrolls sideways in its own box when it is too wide
 * (TableScroll says so). The rows are the children.
 */
export function DataTable({
  labelledBy,
  columns,
  rows,
  empty,
  children,
}: {
  labelledBy: string;
  columns: Column[];
  /** How many rows there are: none shows `empty` instead of the table. */
  rows: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (rows === 0) return <p className="muted">{empty}</p>;
  return (
    <TableScroll>
      <table className="data" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, numeric, hidden } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={numeric ? "num" : undefined}>
                  {hidden ? <span className="visually-hidden">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
