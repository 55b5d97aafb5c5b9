import { Drawer, Grid, Layout, message } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedRoute } from '../../shared/menu';
import { usePageTitle } from '../hooks/usePageTitle';
import { Announcements } from './announcements/Announcements';
import { Brand } from './Brand';
import { AppHeader } from './header/AppHeader';
import { NavMenu } from './NavMenu';
import { RouteProgressProvider } from './progress/RouteProgress';
import { SettingsProvider, useSettings } from './settings/SettingsContext';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { ShellTheme } from './settings/ShellTheme';
import { ShellFooter } from './ShellFooter';
import { PageHost, type RoutePageComponent } from './tabs/PageHost';
import { showsRecord } from './tabs/tabsModel';
import { TabBar } from './tabs/TabBar';
import { useTabs } from './tabs/useTabs';
import { UnreadProvider } from './unread/UnreadContext';
import { LiveProvider } from '../live/LiveProvider';
import { LeaveRecordContext, type LeaveRecord } from '../resources/leaveRecord';
import './shell.css';

const classes = (...names: (string | false)[]) => names.filter(Boolean).join(' ');

function ShellFrame({ route, Page }: { route: ResolvedRoute; Page: RoutePageComponent }) {
  const { t } = useTranslation('shell');
  const { settings } = useSettings();
  usePageTitle(`menu:${route.titleKey}`);
  // Extra-small screens (< 576 px, antd's xs) are mobile mode: the menu moves into a drawer, width is fluid.
  const mobile = Grid.useBreakpoint().xs === true;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [messageApi, messageHolder] = message.useMessage();
  const tabs = useTabs(settings.multiTab);
  // A deleted record's tab and every other tab showing it close (resources/leaveRecord.ts).
  const { leave } = tabs;
  const leaveRecord = useCallback<LeaveRecord>((from, id, to) => leave((tab) => tab.pathname === from || showsRecord(tab, id), to), [leave]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Stable props: the header, footer and drawers skip re-rendering on every navigation.
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const toggleCollapsed = useCallback(() => setCollapsed((value) => !value), []);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  const dark = settings.theme === 'dark';
  const side = settings.layout === 'sidemenu' && !mobile;
  const top = settings.layout === 'topmenu' && !mobile;
  const fluid = mobile || settings.contentWidth === 'fluid';
  const menuToggle = useMemo(
    () => (mobile ? ({ kind: 'drawer', onOpen: openDrawer } as const) : side ? ({ kind: 'collapse', collapsed, onToggle: toggleCollapsed } as const) : null),
    [mobile, side, collapsed, openDrawer, toggleCollapsed],
  );
  const headerStart = useMemo(
    () =>
      top ? (
        <>
          <Brand />
          <div className="shell-header__menu">
            <NavMenu mode="horizontal" dark={dark} />
          </div>
        </>
      ) : undefined,
    [top, dark],
  );

  return (
    <Layout
      className={classes('shell', settings.weakMode && 'shell--weak', mobile && 'shell--mobile')}
      data-theme={settings.theme}
      data-layout={mobile ? 'mobile' : settings.layout}
    >
      {messageHolder}
      {side && (
        <Layout.Sider
          collapsible
          trigger={null}
          collapsed={collapsed}
          width={208}
          theme={dark ? 'dark' : 'light'}
          className={classes('shell-sider', settings.fixedSidebar && 'shell-sider--fixed')}
        >
          <Brand collapsed={collapsed} />
          <NavMenu mode="inline" dark={dark} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        // The menu in the theme of the console, as the sider has it: the dark menu fills the drawer (shell.css).
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          width={256}
          title={<Brand />}
          className="shell-drawer"
          rootClassName={`shell-drawer-root shell-drawer-root--${settings.theme}`}
          styles={{ body: { padding: 0 } }}
        >
          <NavMenu mode="inline" dark={dark} onNavigate={closeDrawer} />
        </Drawer>
      )}
      <Layout className="shell-main">
        <AppHeader menuToggle={menuToggle} start={headerStart} mobile={mobile} fixed={settings.fixedHeader} onOpenSettings={openSettings} />
        {settings.multiTab && <TabBar api={tabs} onRefused={(reason) => void messageApi.info(t(`tabs.${reason}`))} />}
        <Layout.Content className={classes('shell-content', !fluid && 'shell-content--fixed')}>
          <LeaveRecordContext.Provider value={leaveRecord}>
            <PageHost tabs={tabs.tabs} activeKey={tabs.activeKey} Page={Page} />
          </LeaveRecordContext.Provider>
        </Layout.Content>
        <ShellFooter />
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={closeSettings} />
      <Announcements />
    </Layout>
  );
}

/**
 * The console frame of SPEC §1/§2 (main layout): menu, header, multi-tab bar, the pages, footer,
 * the settings drawer and the announcement dialog, themed by the persisted settings. `Page` is
 * what a route shows (the composition root's, so the shell imports no page).
 */
export default function MainLayout({ route, Page }: { route: ResolvedRoute; Page: RoutePageComponent }) {
  return (
    <SettingsProvider>
      <ShellTheme>
        <LiveProvider>
          <UnreadProvider>
            <RouteProgressProvider>
              <ShellFrame route={route} Page={Page} />
            </RouteProgressProvider>
          </UnreadProvider>
        </LiveProvider>
      </ShellTheme>
    </SettingsProvider>
  );
}
