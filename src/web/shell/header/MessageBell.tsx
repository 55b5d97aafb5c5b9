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
    // Named by hidden text rather than aria-label: the badge's digits are visible text that an
    // aria-label would have to repeat (WCAG 2.5.3, label in name).
    <Link to={MESSAGE_PATH} className="shell-header__action">
      <Badge count={count} size="small" overflowCount={99} aria-hidden>
        <BellOutlined className="shell-header__icon" />
      </Badge>
      <span className="visually-hidden">{t('header.messages', { count })}</span>
    </Link>
  );
}
