import { skipToken, useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceDefinition } from '../../shared/resources/types';
import { useSlotRegistry } from './slots';

// A resource that requires a service (its file's requiresService: mutual-promise offers need the
// mutual-promise service): until the account has opened it, its pages show where to open it
// instead of create and action buttons the server would refuse (403). How the status is read
// comes from the slot registry's serviceGate (SLOTS): the query shares its key
// with /contract/xhnPaymentStatus, which updates it when the service is opened.

/** Where each service is opened. */
export const SERVICE_PATHS: Record<NonNullable<ResourceDefinition['requiresService']>, string> = { mutual: '/contract/xhnPaymentStatus' };

/** `blocked`: the resource requires a service the account has not opened (false while unknown or not required). */
export function useServiceGate(definition: Pick<ResourceDefinition, 'requiresService'>): { blocked: boolean; pending: boolean } {
  const service = definition.requiresService;
  const gates = useSlotRegistry().serviceGate;
  const source = service ? gates[service] : undefined;
  const status = useQuery({ queryKey: source?.queryKey ?? ['lsf', 'service', 'none'], queryFn: source?.queryFn ?? skipToken, retry: false });
  if (!service) return { blocked: false, pending: false };
  return { blocked: status.data?.opened === false, pending: status.isPending };
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
