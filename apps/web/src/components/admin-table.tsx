import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import './admin-ui.css';

/** Props of `AdminTable`. */
export interface AdminTableProps {
  /** What the table lists (its section's title, say): names the table, and its box when it scrolls. */
  label: string;
  /** The column headers, in order. */
  columns: readonly string[];
  /** The rows (`<tr>`) of the body. */
  children: ReactNode;
  /** An extra class of the scrolling box (a height limit, say). */
  className?: string;
  /** The table's id (a chart it is the text of points at it). */
  tableId?: string;
}

/** Whether the box's content is wider or taller than the box, followed as either resizes. */
function useScrolls(box: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    // No layout to observe (a test's DOM): the box is taken as fitting.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

/**
 * An administration table: its headers and rows, scrolling sideways on narrow screens. While it
 * scrolls, its box is a named region in the tab order, so a keyboard can scroll it too (axe
 * `scrollable-region-focusable`, decision 0068); a box that fits adds no tab stop.
 */
export function AdminTable({ label, columns, children, className, tableId }: AdminTableProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box);
  return (
    <div
      ref={box}
      className={className ? `table-wrap ${className}` : 'table-wrap'}
      {...(scrolls
        ? { role: 'region', tabIndex: 0, 'aria-label': t('adminTable.region', { name: label }) }
        : {})}
    >
      <table id={tableId} className="table" aria-label={label}>
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
