import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Radio, Switch, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIANT } from '../../variant';
import { useSettings } from './SettingsContext';
import { PRIMARY_COLORS, type ShellSettings } from './settingsModel';

type Flag = 'fixedHeader' | 'fixedSidebar' | 'weakMode' | 'multiTab';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="shell-settings__row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/**
 * The settings drawer's content (SPEC §9): every choice applies at once and is remembered by this
 * browser. Loaded with the first opening (SettingsDrawer.tsx).
 */
const SettingsPanel = memo(function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { settings, update, reset } = useSettings();
  const colors = [...new Set([VARIANT.settings.primaryColor.toLowerCase(), ...PRIMARY_COLORS])];
  const flag = (field: Flag, disabled = false) => (
    <Row label={t(`settings.${field}`)}>
      <Switch
        size="small"
        aria-label={t(`settings.${field}`)}
        checked={settings[field]}
        disabled={disabled}
        onChange={(checked) => update({ [field]: checked } as Partial<ShellSettings>)}
      />
    </Row>
  );

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={300} className="shell-settings">
      <Divider orientation="left" plain>
        {t('settings.theme')}
      </Divider>
      <Radio.Group
        aria-label={t('settings.theme')}
        value={settings.theme}
        onChange={(event) => update({ theme: event.target.value as ShellSettings['theme'] })}
        options={[
          { value: 'dark', label: t('settings.dark') },
          { value: 'light', label: t('settings.light') },
        ]}
        optionType="button"
      />
      <Divider orientation="left" plain>
        {t('settings.primaryColor')}
      </Divider>
      <div className="shell-settings__colors" role="radiogroup" aria-label={t('settings.primaryColor')}>
        {colors.map((color) => {
          const name = t(`settings.colors.${color}`, { defaultValue: color });
          const checked = settings.primaryColor.toLowerCase() === color;
          return (
            <Tooltip key={color} title={name}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={name}
                className="shell-settings__color"
                style={{ background: color }}
                onClick={() => update({ primaryColor: color })}
              >
                {checked && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>
      <Divider orientation="left" plain>
        {t('settings.layout')}
      </Divider>
      <Radio.Group
        aria-label={t('settings.layout')}
        value={settings.layout}
        onChange={(event) => update({ layout: event.target.value as ShellSettings['layout'] })}
        options={[
          { value: 'sidemenu', label: t('settings.sidemenu') },
          { value: 'topmenu', label: t('settings.topmenu') },
        ]}
        optionType="button"
      />
      <Row label={t('settings.contentWidth')}>
        <Radio.Group
          size="small"
          aria-label={t('settings.contentWidth')}
          value={settings.contentWidth}
          onChange={(event) => update({ contentWidth: event.target.value as ShellSettings['contentWidth'] })}
          options={[
            { value: 'fluid', label: t('settings.fluid') },
            { value: 'fixed', label: t('settings.fixed') },
          ]}
          optionType="button"
        />
      </Row>
      {flag('fixedHeader')}
      {flag('fixedSidebar', settings.layout === 'topmenu')}
      <Divider orientation="left" plain>
        {t('settings.other')}
      </Divider>
      {flag('weakMode')}
      {flag('multiTab')}
      <Divider />
      <Button block onClick={reset}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
});

export default SettingsPanel;
