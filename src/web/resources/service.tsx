import { useCan } from '@refinedev/core';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceDefinition } from '../../shared/resources/types';
import { consolePath } from '../../shared/consolePaths';

// A resource that requires a service (its file's requiresService: mutual-promise offers need the
// mutual-promise service): until the account has opened it, its pages show where to open it
// instead of create and action buttons the server would refuse (403). Whether it is open is part
// of the caller's Actor (the profile's `services`); refine's access control refuses creating with
// the reason `<service>ServiceNotOpened`, which is all this asks. /contract/xhnPaymentStatus
// refreshes access (refreshAccess) when the service is opened.

/** Where each service is opened. */
export const SERVICE_PATHS: Record<NonNullable<ResourceDefinition['requiresService']>, string> = { mutual: consolePath('xhnPaymentStatus') };

/** `blocked`: access control refuses creating because the resource's service is not open (false while unknown or not required). */
export function useServiceGate(definition: Pick<ResourceDefinition, 'name' | 'requiresService'>): { blocked: boolean; pending: boolean } {
  const service = definition.requiresService;
  const create = useCan({ resource: definition.name, action: 'create', queryOptions: { enabled: Boolean(service) } });
  if (!service) return { blocked: false, pending: false };
  return { blocked: create.data?.reason === `${service}ServiceNotOpened`, pending: create.isPending };
}

/** Tells the user the service is not open and links to where it is opened. */
export function ServiceNotice({ definition }: { definition: Pick<ResourceDefinition, 'requiresService'> }) {
  const { t } = useTranslation('resources');
  const service = definition.requiresService;
  if (!service) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="resource-service-notice"
      message={t(`service.${service}.title`)}
      description={
        <>
          {t(`service.${service}.description`)} <Link to={SERVICE_PATHS[service]}>{t(`service.${service}.open`)}</Link>
        </>
      }
    />
  );
}
