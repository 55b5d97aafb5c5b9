import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consolePath } from '../../../shared/consolePaths';
import { useUnread } from '../unread/UnreadContext';

export const MESSAGE_PATH = consolePath('message');

/** The bell with the unread count; it leads to the message centre (SPEC §2). */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const { count } = useUnread();
  return (
    // The badge sits around the link, not in it: the label says the count, and the badge's
    // digits (antd renders every digit it rolls through) would be link text the label does not
    // contain (WCAG 2.5.3, label in name).
    <Badge count={count} size="small" overflowCount={99}>
      <Link to={MESSAGE_PATH} className="shell-header__action" aria-label={t('header.messages', { count })}>
        <BellOutlined className="shell-header__icon" />
      </Link>
    </Badge>
  );
}
