import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignatureRecord } from '../../shared/resources/types';
import { formatDateTime } from './format';

/** A record's signatures (x-kind signatures): which party, who signed for it, when, from where. */
export function SignatureList({ value }: { value: unknown }) {
  const { t } = useTranslation('trading');
  const signatures = Array.isArray(value) ? (value as SignatureRecord[]) : [];
  return (
    <List
      size="small"
      className="signature-list"
      dataSource={signatures}
      rowKey={(s) => `${s.role}-${s.at}`}
      renderItem={(s) => (
        <List.Item>
          <Typography.Text>
            {t('signature', { role: t(`roles.${s.role}`, { defaultValue: s.role }), account: s.accountName, user: s.userName, phone: s.phone, time: formatDateTime(s.at), ip: s.ip })}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
