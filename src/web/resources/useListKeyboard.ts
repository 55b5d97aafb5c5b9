import { useEffect, useRef, useState, type RefObject } from 'react';

// Keyboard navigation in a generated list (issue 32): j or the down arrow moves the highlighted
// row down, k or the up arrow up, Enter opens it, x or Space chooses it for a bulk action. Only
// while focus is not in something that takes those keys itself (a filter's input, a select, a
// button or link, a dialog or a pop-up over the list), and only in the list on screen (another
// tab's list stays mounted, hidden). The highlighted row takes the focus, so the browser keeps it
// in view and a screen reader reads it; list.css draws its ring in either theme.

interface Row {
  id: string;
}

interface Options<T extends Row> {
  /** The rows shown, in order. */
  rows: readonly T[];
  /** The list's element: the rows are its `tr[data-row-key]`, and it must be on screen. */
  container: RefObject<HTMLElement | null>;
  onOpen(row: T): void;
  /** Chooses or unchooses the row; undefined: the list offers no selection. */
  onToggle?(row: T): void;
}

/** Where typing belongs to the element itself. */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"], [role="spinbutton"]';
/** Elements with their own Enter and Space (a row's checkbox and buttons included). */
const OWN_ACTIVATION = 'input, button, a[href], [role="button"], [role="checkbox"], [role="menuitem"], [role="tab"], label';
/** What lies over the list, whose keys are its own. */
const OVERLAY = '[role="dialog"], .ant-modal-wrap, .ant-drawer, .ant-dropdown, .ant-popover, .ant-select-dropdown, .ant-picker-dropdown';

const keyOf = (event: KeyboardEvent): 'next' | 'previous' | 'open' | 'toggle' | null => {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'j' || event.key === 'ArrowDown') return 'next';
  if (event.key === 'k' || event.key === 'ArrowUp') return 'previous';
  if (event.key === 'Enter') return 'open';
  if (event.key === 'x' || event.key === ' ') return 'toggle';
  return null;
};

/** The row element of `id` in the list (antd marks each with data-row-key). */
const rowElement = (container: HTMLElement | null, id: string) =>
  [...(container?.querySelectorAll<HTMLTableRowElement>('tr[data-row-key]') ?? [])].find((row) => row.dataset.rowKey === id);

/**
 * The highlighted row's id (null: none yet) for the list's rows to show, with the keys that move,
 * open and choose it listened to on the document.
 */
export function useListKeyboard<T extends Row>({ rows, container, onOpen, onToggle }: Options<T>): string | null {
  const [active, setActive] = useState<string | null>(null);
  // The handler reads the latest rows and callbacks without being added again on every render.
  const latest = useRef({ rows, active, onOpen, onToggle });
  useEffect(() => {
    latest.current = { rows, active, onOpen, onToggle };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const move = keyOf(event);
      const list = container.current;
      if (!move || event.defaultPrevented || !list?.isConnected || list.closest('[hidden]')) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING) || target?.closest(OVERLAY)) return;
      const { rows: shown, active: current, onOpen: open, onToggle: toggle } = latest.current;
      if (!shown.length) return;
      const index = shown.findIndex((row) => row.id === current);
      if (move === 'next' || move === 'previous') {
        const next = index < 0 ? 0 : move === 'next' ? Math.min(index + 1, shown.length - 1) : Math.max(index - 1, 0);
        event.preventDefault();
        setActive(shown[next].id);
        rowElement(list, shown[next].id)?.focus();
        return;
      }
      // Enter and Space on a button, link or checkbox are that element's own.
      if (index < 0 || (target && target !== rowElement(list, shown[index].id) && target.closest(OWN_ACTIVATION))) return;
      if (move === 'open') {
        event.preventDefault();
        open(shown[index]);
      } else if (toggle) {
        event.preventDefault();
        toggle(shown[index]);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);

  // A row no longer shown (another page, a filter) is no longer highlighted.
  return rows.some((row) => row.id === active) ? active : null;
}
