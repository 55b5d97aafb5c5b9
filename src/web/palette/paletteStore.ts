import { useSyncExternalStore } from 'react';

// Whether the command palette is open, for the two ways in (Ctrl/Cmd-K anywhere in the console,
// PaletteHost; the header's button, PaletteButton) and the palette itself. The element that had
// the focus when it opened gets it back when it closes, unless what was chosen moved on (another
// page, an action's own dialog).

let open = false;
let returnTo: HTMLElement | null = null;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  open = next;
  listeners.forEach((listener) => listener());
};

export function openPalette(): void {
  if (open) return;
  returnTo = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  set(true);
}

/** Closes the palette; `restoreFocus`: the focus goes back where it was (nothing was chosen). */
export function closePalette(restoreFocus: boolean): void {
  if (!restoreFocus) returnTo = null;
  set(false);
}

/** Called once the palette has gone: the focus goes back to where it was, if that is still on screen. */
export function returnFocus(): void {
  const target = returnTo;
  returnTo = null;
  if (target?.isConnected && !target.closest('[hidden]')) target.focus();
}

export const usePaletteOpen = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
