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
    // The label says it all; the badge (the icon's own name "bell" and the digits) is hidden from
    // assistive technology, so the label is not contradicted by the content (WCAG 2.5.3).
    <Link to={MESSAGE_PATH} className="shell-header__action" aria-label={t('header.messages', { count })}>
      <Badge count={count} size="small" overflowCount={99} aria-hidden>
        <BellOutlined className="shell-header__icon" />
      </Badge>
    </Link>
  );
}
