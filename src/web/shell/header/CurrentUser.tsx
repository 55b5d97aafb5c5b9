import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getUserInfo } from '../../providers/session';
import { useSession } from '../../session/SessionContext';

/**
 * The user's name, linking to /accountSafe (phone, password, account deletion). It comes from the
 * loaded profile, there from the first paint (issue 17: SPEC §9's reading of storage one second
 * after mounting left the header blank for that second); a user without a name shows the masked
 * phone, and never nothing.
 */
export function CurrentUser() {
  const { t } = useTranslation('shell');
  const { profile } = useSession();
  const name = profile.name || getUserInfo()?.maskedPhone || t('header.accountSafe');
  return (
    <Link to="/accountSafe" className="shell-header__user" data-testid="current-user" title={t('header.accountSafe')}>
      <UserOutlined /> {name}
    </Link>
  );
}
