import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { fetchReference, referencePath, referenceTitle } from './reference';

/** A referenced record shown by its title, linked to its page; its id while loading or when gone. */
export function ReferenceLink({ resource, id }: { resource: string; id: string }) {
  const record = useQuery({ queryKey: ['lsf', 'reference', resource, id], queryFn: () => fetchReference(resource, id), retry: false, staleTime: 60_000 });
  const title = record.data ? referenceTitle(resource, record.data) : id;
  const path = referencePath(resource, id, record.data);
  if (record.isError) return <Typography.Text type="secondary">{id}</Typography.Text>;
  return path ? <Link to={path}>{title}</Link> : <>{title}</>;
}
