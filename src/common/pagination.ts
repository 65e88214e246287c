/** Pagination of the registrations list (docs/product.md §2): page numbers with ellipses, the shown range. */

export type PageItem = number | "ellipsis";

/** Pages needed for `total` rows; at least one, so "page 1 of 1" holds for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons: every number when there are 5 pages or fewer; otherwise the first, the last,
 * the current page with its neighbours, and an ellipsis wherever numbers are skipped.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  // Near an edge, show three numbers on that side so the bar keeps its width.
  if (page <= 3) [2, 3, 4].forEach((n) => shown.add(n));
  if (page >= totalPages - 2) [totalPages - 3, totalPages - 2, totalPages - 1].forEach((n) => shown.add(n));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push("ellipsis");
    items.push(n);
    previous = n;
  }
  return items;
}

/** The 1-based first and last row shown on `page` ("Mostrando X a Y de Z"); 0 to 0 when empty. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
