import { FileOutlined } from '@ant-design/icons';
import { Image, Space, Spin } from 'antd';
import { useFileView } from '../refine/files';

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
