import { lazy, memo, Suspense, useState } from 'react';

// The drawer's switches, radios and colour swatches (antd's Radio brings its form machinery) are
// not needed to show a page: they load when the drawer is first opened, and stay mounted after it
// so that closing animates.
const SettingsPanel = lazy(() => import('./SettingsPanel'));

/** The settings drawer (SPEC §9), loaded on its first opening. */
export const SettingsDrawer = memo(function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SettingsPanel open={open} onClose={onClose} />
    </Suspense>
  );
});
