import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { openPalette } from './paletteStore';
import { preloadPalette } from './PaletteHost';
import './paletteButton.css';

/** A Mac says Cmd (⌘) where other systems say Ctrl. */
const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The header's way into the command palette, for a pointer or a finger: search and jump, with
 * the shortcut shown beside it (the icon alone on a phone, where there is no keyboard to hint at).
 */
export function PaletteButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation('shell');
  const shortcut = onMac() ? '⌘ K' : 'Ctrl K';
  return (
    <Tooltip title={t('header.palette', { shortcut })}>
      <Button
        type="text"
        className="palette-button"
        icon={<SearchOutlined />}
        aria-label={t('header.palette', { shortcut })}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={openPalette}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
      >
        {!compact && <kbd className="palette-button__keys">{shortcut}</kbd>}
      </Button>
    </Tooltip>
  );
}
