import { Typography } from 'antd';
import { Link } from 'react-router';
import type { ResourceRecord } from '../../shared/resources/types';
import { useRecord } from '../refine/recordCache';
import { referencePath, referenceTitle } from '../refine/reference';

/** A referenced record shown by its title, linked to its page; its id while loading or when gone. */
export function ReferenceLink({ resource, id }: { resource: string; id: string }) {
  const record = useRecord<ResourceRecord>(resource, id);
  const title = record.data ? referenceTitle(resource, record.data) : id;
  const path = referencePath(resource, id, record.data);
  if (record.isError) return <Typography.Text type="secondary">{id}</Typography.Text>;
  return path ? <Link to={path}>{title}</Link> : <>{title}</>;
}
