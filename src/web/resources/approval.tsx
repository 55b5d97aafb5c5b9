import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { consolePath } from '../../shared/consolePaths';
import type { ResourceDefinition } from '../../shared/resources/types';
import { useCaller } from '../session/useCaller';

// Trading resources (offers, contracts) are written only by an approved account (DESIGN §5).
// Until then access control refuses creating with the reason `notApproved` (src/shared/access.ts)
// and the list page says so where its create button would be, with the way to authentication and
// how long the review takes (authentication:reviewTime, the one place that figure is written).


/** Where the account authenticates (menu.json). */
export const authenticationPath = (): string => consolePath('businessAuthentication');

/** True when access control refuses creating only because the account is not approved yet. */
export function useApprovalGate(definition: Pick<ResourceDefinition, 'name'>): boolean {
  const create = useCan({ resource: definition.name, action: 'create' });
  return create.data?.reason === 'notApproved';
}

/** The account's authentication status as the caller's identity says: what to tell the user to do. */
function useStatusKey(): 'submitted' | 'rejected' | 'unverified' {
  const status = useCaller().user.authStatus;
  return status === 'submitted' || status === 'rejected' ? status : 'unverified';
}

/** Why there is no create button, and the link to authentication. */
export function ApprovalNotice() {
  const { t } = useTranslation(['resources', 'authentication']);
  const navigate = useNavigate();
  const status = useStatusKey();
  return (
    <Alert
      type="info"
      showIcon
      className="resource-approval-notice"
      style={{ marginBottom: 16 }}
      data-testid="approval-notice"
      message={t(`resources:approval.${status}.title`)}
      description={t(`resources:approval.${status}.description`, { reviewTime: t('authentication:reviewTime') })}
      action={
        <Button type="primary" size="small" icon={<SafetyCertificateOutlined />} onClick={() => navigate(authenticationPath())}>
          {t(`resources:approval.${status}.action`)}
        </Button>
      }
    />
  );
}

/** In the list's header, where the create button would be: the way to authentication. */
export function ApprovalButton() {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  return (
    <Button icon={<SafetyCertificateOutlined />} onClick={() => navigate(authenticationPath())}>
      {t('approval.button')}
    </Button>
  );
}
