import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { accessibleTheme } from '../../theme/accessibleTheme';
import { ThemeVariables } from '../../theme/ThemeVariables';
import { useSettings } from './SettingsContext';

/** antd's theme for the console: dark or light algorithm and the chosen primary colour, made readable (theme/accessibleTheme.ts). */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const config = useMemo(() => accessibleTheme(settings.theme, settings.primaryColor), [settings.theme, settings.primaryColor]);
  return (
    <ConfigProvider theme={config}>
      <ThemeVariables />
      {children}
    </ConfigProvider>
  );
}
