import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../shared/resources/types';
import type { ResourceText } from '../labels';

// The dialog (antd Upload, the preview table) loads when it is first opened, not with the list.
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** Import: the list's toolbar button of a resource whose file declares list.import; the list asks refine's access control (create) first. */
export function ImportButton({ definition, text }: { definition: ResourceDefinition; text: ResourceText }) {
  const { t } = useTranslation('imports');
  const [open, setOpen] = useState(false);
  if (!definition.list.import) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog definition={definition} text={text} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
