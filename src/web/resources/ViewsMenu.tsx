import { DownOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Form, Input, Modal, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../shared/api';
import { MAX_VIEW_NAME, type ListView, type ListViewState } from '../../shared/resources/listViews';
import { fieldErrorsOf } from '../providers/httpError';
import { toast } from '../providers/uiBridge';
import type { ResourceListController } from './useResourceList';

interface SaveValues {
  name: string;
  shared: boolean;
  isDefault: boolean;
}

/**
 * The saved views of a list: open one (its state becomes the URL), save what the list shows as
 * a new view (shared with the account, the default), save changes to one's own view, delete it.
 */
export function ViewsMenu({ list }: { list: ResourceListController }) {
  const { t } = useTranslation('resources');
  const { views, view, state, columns } = list;
  const [editing, setEditing] = useState<{ view?: ListView } | null>(null);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<SaveValues>();
  const [modal, modalHolder] = Modal.useModal();

  /** What the list shows now, as a view keeps it. */
  const current = (): ListViewState => ({ filters: state.filters, sort: state.sort, columns, pageSize: state.pageSize });

  const save = async (values: SaveValues) => {
    setBusy(true);
    setErrors(null);
    try {
      const saved = await views.save({ ...current(), name: values.name, shared: values.shared, isDefault: values.isDefault }, editing?.view?.id);
      toast('success', t('views.saved', { name: saved.name }));
      setEditing(null);
      list.openView(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields ?? { name: t('views.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  const updateCurrent = async (target: ListView) => {
    try {
      await views.save({ ...current(), name: target.name }, target.id);
      toast('success', t('views.saved', { name: target.name }));
    } catch {
      toast('error', t('views.saveFailed'));
    }
  };
  const remove = (target: ListView) =>
    modal.confirm({
      title: t('views.deleteConfirm', { name: target.name }),
      okText: t('action.ok'),
      cancelText: t('action.cancel'),
      onOk: async () => {
        await views.remove(target.id);
        if (state.view === target.id) list.setState({ view: null });
      },
    });

  const group = (key: string, label: string, of: ListView[]) =>
    of.length
      ? [
          {
            type: 'group' as const,
            key,
            label,
            children: of.map((v) => ({ key: `open:${v.id}`, label: v.ownerName ? `${v.name}（${v.ownerName}）` : v.isDefault ? `${v.name} · ${t('views.default')}` : v.name })),
          },
        ]
      : [];
  const items: MenuProps['items'] = [
    ...group('builtIn', t('views.builtIn'), views.views.filter((v) => v.builtIn)),
    ...group('mine', t('views.mine'), views.views.filter((v) => v.mine)),
    ...group('shared', t('views.shared'), views.views.filter((v) => !v.mine && !v.builtIn)),
    { type: 'divider' },
    { key: 'save', label: t('views.saveAs') },
    ...(view?.mine
      ? [
          { key: 'update', label: t('views.update', { name: view.name }) },
          { key: 'edit', label: t('views.edit', { name: view.name }) },
          { key: 'delete', label: t('views.delete', { name: view.name }), danger: true },
        ]
      : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('open:')) {
      const target = views.views.find((v) => `open:${v.id}` === key);
      if (target) list.openView(target);
    } else if (key === 'save' || key === 'edit') {
      const target = key === 'edit' ? view : undefined;
      form.setFieldsValue({ name: target?.name ?? '', shared: target?.shared ?? false, isDefault: target?.isDefault ?? false });
      setErrors(null);
      setEditing({ view: target });
    } else if (key === 'update' && view) void updateCurrent(view);
    else if (key === 'delete' && view) remove(view);
  };

  return (
    <>
      {modalHolder}
      <Dropdown trigger={['click']} menu={{ items, onClick, selectable: true, selectedKeys: view ? [`open:${view.id}`] : [] }}>
        <Button icon={<EyeOutlined />} data-testid="list-views">
          {view ? view.name : t('views.button')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={editing !== null}
        title={editing?.view ? t('views.edit', { name: editing.view.name }) : t('views.saveAs')}
        okText={t('action.ok')}
        cancelText={t('action.cancel')}
        okButtonProps={{ loading: busy, htmlType: 'submit', form: 'list-view-form' }}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form id="list-view-form" form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false}>
          <Form.Item
            name="name"
            label={t('views.name')}
            rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }]}
            validateStatus={errors?.name ? 'error' : undefined}
            help={errors?.name}
          >
            <Input maxLength={MAX_VIEW_NAME} autoFocus />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('views.share')}</Checkbox>
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('views.makeDefault')}</Checkbox>
          </Form.Item>
          {errors && !errors.name && <div className="ant-form-item-explain-error">{Object.values(errors).join('；')}</div>}
        </Form>
      </Modal>
    </>
  );
}
