import { SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from './LiveProvider';

/** How long the mark stays after an update arrived. */
export const LIVE_MARK_MS = 6000;

/**
 * A quiet "updated" mark beside a list's or a record's title while what it shows was refreshed by
 * a move made elsewhere (LiveProvider); nothing when nothing changed.
 */
export function LiveMark({ resource, id }: { resource: string; id?: string }) {
  const { t } = useTranslation('common');
  const { updatedAt, tick } = useLive();
  const at = updatedAt(resource, id);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!at) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at + LIVE_MARK_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [at, tick]);
  if (!at || now - at > LIVE_MARK_MS) return null;
  return (
    <Tag bordered={false} color="processing" icon={<SyncOutlined />} data-testid="live-mark" role="status" aria-live="polite">
      {t('live.updated')}
    </Tag>
  );
}
