import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { VARIANT } from '../../variant';
import { useVariantText } from '../../variant/useVariantText';
import { Clock } from './Clock';
import { CurrentUser } from './CurrentUser';
import { LogoutButton } from './LogoutButton';
import { MessageBell } from './MessageBell';
import { PaletteButton } from '../../palette/PaletteButton';
import { PaletteHost } from '../../palette/PaletteHost';

interface Props {
  /** Side menu: the collapse toggle; mobile: the button that opens the menu drawer. */
  menuToggle: { kind: 'collapse'; collapsed: boolean; onToggle: () => void } | { kind: 'drawer'; onOpen: () => void } | null;
  /** Brand and top menu, in the top-menu layout. */
  start?: ReactNode;
  mobile: boolean;
  fixed: boolean;
  onOpenSettings: () => void;
}

/** The top bar (SPEC §1): date and time, search and go (the command palette), unread badge, user, language, settings, logout. */
export const AppHeader = memo(function AppHeader({ menuToggle, start, mobile, fixed, onOpenSettings }: Props) {
  const { t } = useTranslation('shell');
  const text = useVariantText();
  return (
    <Layout.Header className={`shell-header${fixed ? ' shell-header--fixed' : ''}`}>
      {menuToggle?.kind === 'collapse' && (
        <Button
          type="text"
          className="shell-header__trigger"
          aria-label={t(menuToggle.collapsed ? 'header.expand' : 'header.collapse')}
          aria-expanded={!menuToggle.collapsed}
          icon={menuToggle.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={menuToggle.onToggle}
        />
      )}
      {menuToggle?.kind === 'drawer' && (
        <Button type="text" className="shell-header__trigger" aria-label={t('header.openMenu')} icon={<MenuOutlined />} onClick={menuToggle.onOpen} />
      )}
      {start}
      {!mobile && !start && <span className="shell-header__description">{text(VARIANT.headerDescription)}</span>}
      <div className="shell-header__right">
        {!mobile && <Clock />}
        <PaletteButton compact={mobile} />
        {/* Ctrl/Cmd-K and the palette itself, loaded when first asked for. */}
        <PaletteHost />
        <MessageBell />
        {!mobile && <CurrentUser />}
        <LanguageSwitcher />
        <Tooltip title={t('header.settings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('header.settings')} onClick={onOpenSettings} />
        </Tooltip>
        <LogoutButton compact={mobile} />
      </div>
    </Layout.Header>
  );
});
