import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../shared/resources/types';
import { useResourceText } from './labels';

/** A show route opened without its ?id=: which number is missing and where to open the record from. */
export default function MissingId({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation('resources');
  const text = useResourceText(definition);
  return <Result status="warning" title={t('show.missingId', { record: text.record })} />;
}
