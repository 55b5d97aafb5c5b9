import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnread } from '../unread/UnreadContext';

export const MESSAGE_PATH = '/message';

/** The bell with the unread count; it leads to the message centre (SPEC §2). */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const { count } = useUnread();
  return (
    <Link to={MESSAGE_PATH} className="shell-header__action" aria-label={t('header.messages', { count })}>
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined className="shell-header__icon" />
      </Badge>
    </Link>
  );
}
