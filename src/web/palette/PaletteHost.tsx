import { lazy, Suspense, useEffect, useState } from 'react';
import { closePalette, openPalette, usePaletteOpen } from './paletteStore';

const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(loadPalette);

/** Starts loading the palette's chunk before it is asked for (the header button hovered or focused). */
export const preloadPalette = (): void => void loadPalette();

/** Ctrl-K, or Cmd-K on a Mac, whatever the keyboard's layout or input method says the key is. */
export const isPaletteShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (event.code === 'KeyK' || event.key.toLowerCase() === 'k');

/**
 * The command palette's place in the console frame: Ctrl/Cmd-K anywhere opens it (the browser's
 * own use of the keys gives way), and its chunk is loaded the first time it opens, so the frame
 * does not carry it.
 */
export function PaletteHost() {
  const open = usePaletteOpen();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      openPalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      closePalette(false);
    };
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <CommandPalette open={open} />
    </Suspense>
  ) : null;
}
