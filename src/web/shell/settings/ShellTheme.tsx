import { ConfigProvider, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSettings } from './SettingsContext';

/** antd's theme for the console: dark or light algorithm and the chosen primary colour. */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const config = useMemo(
    () => ({
      algorithm: settings.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: settings.primaryColor },
    }),
    [settings.theme, settings.primaryColor],
  );
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
