import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResolvedRoute } from '../../../shared/menu';
import { resourceSubPath } from '../../refine/paths';
import { findConsoleRoute } from '../../refine/consoleRoute';
import type { TabRefusal } from './tabsModel';
import type { TabsApi } from './useTabs';

const COMMANDS = ['close', 'closeRight', 'closeLeft', 'closeAll'] as const;
type Command = (typeof COMMANDS)[number];

/** The multi-tab bar: click to switch, × or the right-click menu to close (SPEC §2). */
export function TabBar({ api, onRefused }: { api: TabsApi; onRefused: (reason: TabRefusal) => void }) {
  const { t } = useTranslation(['shell', 'menu']);
  const run = (command: Command, key: string) => {
    const refusal = api[command](key);
    if (refusal) onRefused(refusal);
  };
  // A resource's create, show and edit pages get tabs of their own, named after the list.
  const titleOf = (route: ResolvedRoute, pathname: string) => {
    const title = t(`menu:${route.titleKey}`);
    const sub = pathname === route.path ? null : resourceSubPath(route.path, pathname);
    if (!sub || sub.page === 'list') return title;
    return `${title} · ${t(`shell:tabs.${sub.page}`)}${sub.page === "create" ? "" : ` ${sub.id.slice(0, 8)}`}`;
  };
  const menuFor = (key: string): MenuProps => ({
    items: COMMANDS.map((command) => ({ key: command, label: t(`shell:tabs.${command}`) })),
    onClick: ({ key: command, domEvent }) => {
      domEvent.stopPropagation();
      run(command as Command, key);
    },
  });

  return (
    <Tabs
      className="shell-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={api.activeKey}
      onChange={api.select}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && run('close', key)}
      aria-label={t('shell:tabs.label')}
      items={api.tabs.map((tab) => {
        const route = findConsoleRoute(tab.key);
        return {
          key: tab.key,
          closable: api.tabs.length > 1,
          label: (
            <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
              <span className="shell-tabs__label">{route ? titleOf(route, tab.key) : tab.key}</span>
            </Dropdown>
          ),
        };
      })}
    />
  );
}
