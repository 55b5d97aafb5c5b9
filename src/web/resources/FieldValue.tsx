import { Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Language } from '../../shared/constants';
import type { ResourceDefinition } from '../../shared/resources/types';
import { useIndustry, useRegions } from '../schema-ui/data';
import { enumValues, kindOf } from './fieldKind';
import { displayMoney, formatDate, formatDateTime, formatNumber, stateColour } from './format';
import type { ResourceText } from './labels';
import { loadedDefinition } from '../refine/loadedDefinitions';
import { referencePath } from '../refine/reference';
import { ReferenceLink } from './ReferenceLink';
import { SignatureList } from './SignatureList';

interface Props {
  /** A resource, or a standalone form (schemas/forms): only the record schema and states are read. */
  definition: Pick<ResourceDefinition, 'record' | 'states'>;
  field: string;
  value: unknown;
  text: ResourceText;
  /** Cells are compact (a file count); the show page lists files with thumbnails. */
  variant?: 'cell' | 'detail';
}

// Thumbnails (antd Image) only on show pages: list cells say how many files there are.
const FileList = lazy(() => import('./FileList').then((m) => ({ default: m.FileList })));

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function RegionText({ codes }: { codes: string[] }) {
  const regions = useRegions();
  return <>{regions ? regions.regionPathName(codes) : codes.join(' / ')}</>;
}

function IndustryText({ code, language }: { code: string; language: Language }) {
  const industry = useIndustry();
  return <>{industry ? industry.industryPathName(code, language) : code}</>;
}

/** One field's value as a reader expects it: labels for enums, money with separators, local dates. */
export function FieldValue({ definition, field, value, text, variant = 'cell' }: Props) {
  const t = text.chrome;
  if (isEmpty(value)) return <Typography.Text type="secondary">-</Typography.Text>;
  const { language } = text;
  switch (kindOf(definition, field)) {
    case 'money':
      return <span className="resource-money">{displayMoney(value)}</span>;
    case 'number':
      return <>{formatNumber(value, language)}</>;
    case 'date':
      return <>{formatDate(value)}</>;
    case 'datetime':
      return <>{formatDateTime(value)}</>;
    case 'state':
      return <Tag color={stateColour(String(value), enumValues(definition, 'state'))}>{text.state(String(value))}</Tag>;
    case 'enum':
      return <Tag>{text.option(field, value)}</Tag>;
    case 'boolean':
      return <>{t(value ? 'value.yes' : 'value.no')}</>;
    case 'region':
      return Array.isArray(value) ? <RegionText codes={value.map(String)} /> : <>{String(value)}</>;
    case 'industry':
      return <IndustryText code={String(value)} language={language} />;
    case 'dateOrLongTerm':
      return <>{value === 'longTerm' ? t('value.longTerm') : formatDate(value)}</>;
    case 'bankBranch': {
      const branch = value as { bank?: string; region?: string[]; branch?: string };
      return (
        <Space size={4} wrap>
          <span>{branch.bank}</span>
          {Array.isArray(branch.region) && <RegionText codes={branch.region} />}
          <span>{branch.branch}</span>
        </Space>
      );
    }
    case 'reference': {
      const resource = (definition.record.properties[field] as { 'x-ref'?: string } | undefined)?.['x-ref'];
      return resource ? <ReferenceLink resource={resource} id={String(value)} /> : <>{String(value)}</>;
    }
    case 'recordLink': {
      const link = value as { resource?: string; id?: string; title?: string };
      const label = link.title || (link.resource && loadedDefinition(link.resource)?.labels[language].title) || link.id;
      const path = link.resource && link.id ? referencePath(link.resource, link.id) : undefined;
      return path ? <Link to={path}>{label}</Link> : <>{label}</>;
    }
    case 'link':
      return String(value).startsWith('/') ? <Link to={String(value)}>{text.field(field)}</Link> : <>{String(value)}</>;
    case 'signatures':
      return variant === 'cell' ? <>{Array.isArray(value) ? value.length : 0}</> : <SignatureList value={value} />;
    case 'files': {
      const ids = Array.isArray(value) ? value.map(String) : [String(value)];
      if (variant === 'cell') return <>{t('value.files', { count: ids.length })}</>;
      return (
        <Suspense fallback={<Spin size="small" />}>
          <FileList ids={ids} />
        </Suspense>
      );
    }
    default:
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  }
}
