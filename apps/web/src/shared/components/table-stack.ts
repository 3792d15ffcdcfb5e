/**
 * The phone layout of a table (TableScroll's 'stack'): each body cell carries the name of its column in
 * `data-label`, which the stylesheet shows before the value once rows are stacked as cards. A column
 * whose header is empty to the eye (the row actions, named for screen readers only) gives no label.
 */

/** What a header cell shows: its text without the parts hidden from the eye. */
export function visibleText(element: Element): string {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node instanceof Element && !isVisuallyHidden(node)) text += visibleText(node);
  }
  return text.replace(/\s+/g, ' ').trim();
}

function isVisuallyHidden(element: Element): boolean {
  return (
    element.classList.contains('mantine-VisuallyHidden-root') ||
    element.hasAttribute('data-visually-hidden') ||
    element.getAttribute('aria-hidden') === 'true'
  );
}

/** The label of each column, from header cells and their spans: ['Name', 'Name', 'IBAN', ''] for a span of 2. */
export function columnLabels(headers: readonly { text: string; span: number }[]): string[] {
  return headers.flatMap((header) => Array.from({ length: Math.max(1, header.span) }, () => header.text));
}

function setAttribute(element: Element, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * Explicit roles keep the table a table for screen readers once its parts are no longer laid out as
 * one (some browsers drop the semantics of a `display: block` table).
 */
const ROLES: Record<string, string> = {
  TABLE: 'table',
  THEAD: 'rowgroup',
  TBODY: 'rowgroup',
  TFOOT: 'rowgroup',
  TR: 'row',
  TD: 'cell',
};

export function labelTableCells(root: Element) {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const headRow = table.tHead?.rows[table.tHead.rows.length - 1];
    const labels = columnLabels(
      headRow
        ? Array.from(headRow.cells).map((cell) => ({ text: visibleText(cell), span: cell.colSpan }))
        : [],
    );
    setAttribute(table, 'role', ROLES.TABLE ?? null);
    for (const section of [table.tHead, ...Array.from(table.tBodies), table.tFoot]) {
      if (!section) continue;
      setAttribute(section, 'role', ROLES[section.tagName] ?? null);
      for (const row of Array.from(section.rows)) {
        setAttribute(row, 'role', 'row');
        let column = 0;
        for (const cell of Array.from(row.cells)) {
          if (cell.tagName === 'TD') setAttribute(cell, 'role', 'cell');
          else setAttribute(cell, 'role', section === table.tHead ? 'columnheader' : 'rowheader');
          const spansAll = labels.length > 0 && cell.colSpan >= labels.length;
          // The footer's cells (totals) say what they are themselves.
          const label = section.tagName === 'TBODY' ? labels[column] : undefined;
          setAttribute(cell, 'data-label', !spansAll && label ? label : null);
          setAttribute(cell, 'data-full', spansAll ? '' : null);
          column += cell.colSpan;
        }
      }
    }
  }
}
