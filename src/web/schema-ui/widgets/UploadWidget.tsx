import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpError } from '../../providers/httpError';
import { toast } from '../../providers/uiBridge';
import { useFileViews, useUploadFile, type FileView } from '../../refine/files';

/** The server's limit (files module); checked here too so a big file fails before it is sent. */
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const DOCUMENT_TYPES = `${IMAGE_TYPES},application/pdf`;

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The server's id of an uploaded file (antd keeps its own uid for files uploaded here). */
const fileIdOf = (file: UploadFile): string => (file.response as FileView | undefined)?.id ?? file.uid;

const fromView = (view: FileView): UploadFile => ({ uid: view.id, name: view.name, status: 'done', url: view.url, thumbUrl: view.type.startsWith('image/') ? view.url : undefined, response: view });

/**
 * Image or document upload: POST /api/files (multipart field `file`) with progress; the value is
 * the list of uploaded file ids. ui:options: kind 'image' | 'file', maxCount, accept.
 */
export function UploadWidget({ id, value, onChange, disabled, readonly, options, schema }: WidgetProps) {
  const { t } = useTranslation('resources');
  const images = options.kind !== 'file';
  const maxCount = typeof options.maxCount === 'number' ? options.maxCount : (schema.maxItems ?? 1);
  const accept = typeof options.accept === 'string' ? options.accept : images ? IMAGE_TYPES : DOCUMENT_TYPES;
  const ids = idsOf(value);
  const [files, setFiles] = useState<UploadFile[]>(() => ids.map((fileId) => ({ uid: fileId, name: fileId, status: 'done' })));
  /** The list as last set, ahead of the render that shows it. */
  const latest = useRef(files);

  // Files saved earlier arrive as ids: their names and (signed) URLs are fetched for the list.
  const unnamed = files.filter((f) => f.status === 'done' && !f.url).map((f) => f.uid);
  const viewById = new Map(useFileViews(unnamed).map((view) => [view.id, view] as const));
  const uploadFile = useUploadFile();
  const shown = files.map((f) => {
    const view = f.url ? undefined : viewById.get(f.uid);
    return view ? fromView(view) : f;
  });

  // A value set from outside (a reset, a reload after a conflict) replaces the uploaded files;
  // files still uploading stay (several chosen at once finish one by one).
  const idsKey = ids.join(',');
  useEffect(() => {
    setFiles((current) => {
      const done = current.filter((f) => f.status === 'done');
      if (done.map(fileIdOf).join(',') === idsKey) return current;
      const keep = new Map(done.map((f) => [fileIdOf(f), f]));
      const pending = current.filter((f) => f.status !== 'done');
      const next = [...(idsKey ? idsKey.split(',').map((fileId): UploadFile => keep.get(fileId) ?? { uid: fileId, name: fileId, status: 'done' }) : []), ...pending];
      latest.current = next;
      return next;
    });
  }, [idsKey]);

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadFile(file as Blob, { onProgress: (percent) => onProgress?.({ percent }) }).then(
      (view) => onSuccess?.(view),
      (error: HttpError) => onError?.(error, error.msg),
    );
  };

  const onListChange: UploadProps['onChange'] = ({ fileList }) => {
    // antd builds fileList from the list of the last render: when two uploads finish before the
    // next render, the second's list still has the first as uploading. A finished file stays finished.
    const known = new Map(latest.current.map((f) => [f.uid, f]));
    const next = fileList.map((f) => {
      const settled = known.get(f.uid);
      if (f.status !== 'done' && settled?.status === 'done') return settled;
      return f.status === 'done' && f.response && typeof f.response === 'object' ? { ...fromView(f.response as FileView), uid: f.uid } : f;
    });
    latest.current = next;
    setFiles(next);
    const done = next.filter((f) => f.status === 'done').map(fileIdOf);
    onChange(done.length > 0 ? done : undefined);
  };

  const full = files.length >= maxCount;
  const locked = disabled || readonly;
  return (
    <Upload
      id={id}
      accept={accept}
      listType={images ? 'picture-card' : 'text'}
      fileList={shown}
      maxCount={maxCount}
      multiple={maxCount > 1}
      disabled={locked}
      customRequest={customRequest}
      beforeUpload={(file) => {
        if (file.size <= MAX_BYTES) return true;
        toast('error', t('widget.upload.tooLarge', { mb: MAX_BYTES / 1024 / 1024 }));
        return Upload.LIST_IGNORE;
      }}
      onChange={onListChange}
    >
      {full || locked ? null : images ? (
        <button type="button" className="schema-form__upload-card">
          <PlusOutlined />
          <div>{t('widget.upload.add')}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>{t('widget.upload.add')}</Button>
      )}
    </Upload>
  );
}
