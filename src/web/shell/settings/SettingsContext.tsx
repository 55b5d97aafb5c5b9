import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { VARIANT, VARIANT_ID } from '../../variant';
import { readSettings, settingsStorageKey, writeSettings, type ShellSettings } from './settingsModel';

interface SettingsApi {
  settings: ShellSettings;
  update(patch: Partial<ShellSettings>): void;
  reset(): void;
}

const SettingsContext = createContext<SettingsApi | null>(null);
const KEY = settingsStorageKey(VARIANT_ID);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(() => readSettings(KEY, VARIANT.settings));
  const update = useCallback((patch: Partial<ShellSettings>) => {
    setSettings((previous) => {
      const next = { ...previous, ...patch };
      writeSettings(KEY, next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    writeSettings(KEY, VARIANT.settings);
    setSettings({ ...VARIANT.settings });
  }, []);
  const api = useMemo(() => ({ settings, update, reset }), [settings, update, reset]);
  return <SettingsContext.Provider value={api}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsApi {
  const api = useContext(SettingsContext);
  if (!api) throw new Error('useSettings outside <SettingsProvider>');
  return api;
}
