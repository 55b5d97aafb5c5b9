import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceText } from './labels';

interface Props {
  /** Every column the list may show, in the resource file's order. */
  choosable: string[];
  /** The columns shown, in order. */
  shown: string[];
  text: ResourceText;
  onChange(columns: string[]): Promise<void>;
  onReset(): Promise<void>;
}

/**
 * The columns of a list: which are shown (at least one), in what order (up and down), and back
 * to the resource file's with "reset". Each change is kept for the user on the server at once.
 */
export function ColumnSettings({ choosable, shown, text, onChange, onReset }: Props) {
  const { t } = useTranslation('resources');
  const [busy, setBusy] = useState(false);
  // Shown ones first in their order, then the others in the file's order.
  const rows = [...shown, ...choosable.filter((c) => !shown.includes(c))];
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  const toggle = (column: string, on: boolean) => run(() => onChange(on ? [...shown, column] : shown.filter((c) => c !== column)));
  const move = (column: string, by: -1 | 1) => {
    const next = [...shown];
    const at = next.indexOf(column);
    [next[at], next[at + by]] = [next[at + by], next[at]];
    return run(() => onChange(next));
  };

  const content = (
    <div className="resource-columns" role="list" aria-label={t('columns.title')}>
      {rows.map((column) => {
        const at = shown.indexOf(column);
        const label = text.field(column);
        return (
          <div key={column} role="listitem" className="resource-columns__row">
            <Checkbox checked={at >= 0} disabled={busy || (at >= 0 && shown.length === 1)} onChange={(e) => void toggle(column, e.target.checked)}>
              {label}
            </Checkbox>
            <Space size={0}>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('columns.up', { column: label })} disabled={busy || at <= 0} onClick={() => void move(column, -1)} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('columns.down', { column: label })} disabled={busy || at < 0 || at === shown.length - 1} onClick={() => void move(column, 1)} />
            </Space>
          </div>
        );
      })}
      <Typography.Paragraph type="secondary" className="resource-columns__hint">
        {t('columns.resizeHint')}
      </Typography.Paragraph>
      <Button block disabled={busy} onClick={() => void run(onReset)}>
        {t('columns.reset')}
      </Button>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />}>{t('columns.button')}</Button>
    </Popover>
  );
}
