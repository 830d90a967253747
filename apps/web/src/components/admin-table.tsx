import type { ReactNode } from 'react';
import './admin-ui.css';

/** Props of `AdminTable`. */
export interface AdminTableProps {
  /** The column headers, in order. */
  columns: readonly string[];
  /** The rows (`<tr>`) of the body. */
  children: ReactNode;
  /** An extra class of the scrolling box (a height limit, say). */
  className?: string;
}

/** An administration table: its headers and rows, scrolling sideways on narrow screens. */
export function AdminTable({ columns, children, className }: AdminTableProps) {
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'}>
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
