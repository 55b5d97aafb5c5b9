import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourcePath } from '../providers/dataProvider';
import { useDownload } from '../refine/files';
import { exportQuery, type ListState } from './listQuery';

/** Exports can take a while on large lists: far longer than an ordinary call. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** CSV or XLSX of what the table shows (its filters and sort), or of the rows chosen (`ids`), fetched with the user's token. */
export function ExportButton({ resource, state, ids }: { resource: string; state: ListState; ids?: string[] }) {
  const { t } = useTranslation('resources');
  const [busy, setBusy] = useState(false);
  const download = useDownload();

  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const file = ids
        ? await download(`${resourcePath(resource)}/bulk/export`, { query: { ids: ids.join(','), format }, timeoutMs: EXPORT_TIMEOUT_MS })
        : await download(`${resourcePath(resource)}/export`, { query: exportQuery(state, format), timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(file.blob, file.filename ?? `${resource}.${format}`);
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={busy}
      menu={{
        items: [
          { key: 'xlsx', label: t('list.exportXlsx') },
          { key: 'csv', label: t('list.exportCsv') },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {ids ? t('bulk.export') : t('list.export')}
      </Button>
    </Dropdown>
  );
}
