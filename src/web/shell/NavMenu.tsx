import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../shared/menu';
import { findConsoleRoute } from '../refine/consoleRoute';
import { MENU_ICONS } from './menuIcons';
import { OPS_QUEUE_KEYS } from '../refine/useOpsPending';
import { QueueBadge } from './QueueBadge';
import { useNavigationTree } from '../resources/useNavigationTree';

type Items = NonNullable<MenuProps['items']>;

/**
 * The navigation of SPEC §6: the variant's entries refine's access control lets the caller open
 * (useNavigationTree), as links, so they open in a new browser tab too.
 */
export function NavMenu({ mode, dark, collapsed = false, onNavigate }: { mode: 'inline' | 'horizontal'; dark: boolean; collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const route = findConsoleRoute(pathname);
  const tree = useNavigationTree();

  const items = useMemo(() => {
    const toItem = (item: MenuItem): Items[number] => {
      const icon = MENU_ICONS[item.icon] ? createElement(MENU_ICONS[item.icon]) : undefined;
      // The operations group and queues carry how much waits in them (issue 17).
      const queue = item.children ? item.key === 'ops' : OPS_QUEUE_KEYS.has(item.key);
      const badge = queue && <QueueBadge routeKey={item.key} group={Boolean(item.children)} />;
      if (item.children) return { key: item.key, icon, label: badge ? <>{t(item.titleKey)}{badge}</> : t(item.titleKey), children: item.children.map(toItem) };
      return {
        key: item.path ?? item.key,
        icon,
        label: (
          <Link to={item.path ?? '/'} onClick={onNavigate}>
            {t(item.titleKey)}
            {badge}
          </Link>
        ),
      };
    };
    return tree.map(toItem);
  }, [tree, t, onNavigate]);

  // The group of the page shown opens by itself; groups the user opened stay open. A collapsed
  // sider (which collapses the menu through antd's Sider context) manages its own pop-ups.
  const [openKeys, setOpenKeys] = useState<string[]>(() => [...(route?.parentKeys ?? [])]);
  const parents = route?.parentKeys.join('/') ?? '';
  useEffect(() => {
    if (!parents) return;
    setOpenKeys((keys) => [...new Set([...keys, ...parents.split('/')])]);
  }, [parents]);

  return (
    <Menu
      mode={mode}
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={route ? [route.path] : []}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      className="shell-menu"
    />
  );
}
