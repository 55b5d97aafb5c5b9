import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../session/useCaller';
import { consolePath } from '../../../shared/consolePaths';

/**
 * The user's name, linking to /accountSafe (phone, password, account deletion). It comes from the
 * caller (useCaller), there from the first paint (issue 17: SPEC §9's reading of storage one second
 * after mounting left the header blank for that second) and again when the caller is read again
 * (a rename); a user without a name shows the masked phone, and never nothing.
 */
export function CurrentUser() {
  const { t } = useTranslation('shell');
  const { profile, user } = useCaller();
  const name = profile.name || user.maskedPhone || t('header.accountSafe');
  return (
    <Link to={consolePath('accountSafe')} className="shell-header__user" data-testid="current-user" title={t('header.accountSafe')}>
      <UserOutlined /> {name}
    </Link>
  );
}
