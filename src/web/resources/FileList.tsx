import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Image, Space, Spin } from 'antd';
import type { FileView } from '../../shared/api';
import { http } from '../providers/http';

/** An uploaded file as GET /api/files/:id describes it; `url` is signed and short-lived. */
export type { FileView };

export const fileQueryKey = (id: string) => ['lsf', 'files', id] as const;

/** The signed URLs expire after 10 minutes: refetch well before. */
export const FILE_URL_STALE_MS = 5 * 60_000;

export function useFileView(id: string) {
  return useQuery({
    queryKey: fileQueryKey(id),
    queryFn: () => http.get<FileView>(`/files/${encodeURIComponent(id)}`, { silent: true }),
    staleTime: FILE_URL_STALE_MS,
    retry: false,
  });
}

function FileItem({ id }: { id: string }) {
  const { data, isPending, isError } = useFileView(id);
  if (isPending) return <Spin size="small" />;
  if (isError || !data) return <span>{id}</span>;
  if (data.type.startsWith('image/')) return <Image src={data.url} alt={data.name} width={96} height={96} style={{ objectFit: 'cover' }} />;
  return (
    <a href={data.url} target="_blank" rel="noreferrer">
      <FileOutlined /> {data.name}
    </a>
  );
}

/** Thumbnails of images and links to documents, for the show page. */
export function FileList({ ids }: { ids: string[] }) {
  return (
    <Space wrap>
      {ids.map((id) => (
        <FileItem key={id} id={id} />
      ))}
    </Space>
  );
}
