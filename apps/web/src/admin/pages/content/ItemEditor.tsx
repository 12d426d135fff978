/**
 * One item of any kind in a drawer: its fields (rich text in the editor, files uploaded with their
 * progress), 保存 (a new item is saved as a draft), 保存并发布, 定时发布 at a chosen time, and 预览
 * — the item as the public page shows it, through the public page's own components. Every save names
 * the version it was loaded at; another administrator's newer edit is refused with the server's
 * message and the drawer offers to reload.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Modal, Popover, Select, Space, Spin, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerIso, pickerNow } from '../../../lib/pickerTime.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useQueryClient } from '@tanstack/react-query';
import { adminContent } from '@portal/contract/refs';
import type { adminContent as AC } from '@portal/contract';
import { call, CallError, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { RichEditor } from './RichEditor.tsx';
import { AttachmentsField, DownloadFileField, ImageField } from './fields.tsx';
import { Preview } from './Preview.tsx';

type Kind = AC.ContentKind;
type Item = AC.ContentItem;
type Values = Record<string, unknown>;

const req = (label: string) => [{ required: true, whitespace: true, message: `请输入${label}` }];

function KindFields({ kind }: { kind: Kind }) {
  switch (kind) {
    case 'news':
      return (
        <>
          <Form.Item name="title" label="标题" rules={req('标题')}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="source" label="来源">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea maxLength={300} rows={2} showCount />
          </Form.Item>
          <Form.Item name="imageUrl" label="封面图片" rules={[{ required: true, message: '请上传封面图片' }]}>
            <ImageField label="上传封面" />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichEditor aria-label="正文" />
          </Form.Item>
        </>
      );
    case 'notice':
      return (
        <>
          <Form.Item name="channel" label="栏目" rules={[{ required: true, message: '请选择通知栏目' }]}>
            <Select options={Object.entries(adminContent.NOTICE_CHANNEL_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={req('标题')}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="source" label="发布单位">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichEditor aria-label="正文" />
          </Form.Item>
          <Form.Item name="attachments" label="附件">
            <AttachmentsField />
          </Form.Item>
        </>
      );
    case 'download':
      return (
        <>
          <Form.Item name="title" label="名称" rules={req('名称')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
            <Select options={Object.entries(adminContent.DOWNLOAD_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="file" label="文件" rules={[{ required: true, message: '请上传文件' }]}>
            <DownloadFileField />
          </Form.Item>
        </>
      );
    case 'faq':
      return (
        <>
          <Form.Item name="groupName" label="问题分类" rules={req('问题分类')}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="question" label="问题" rules={req('问题')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="answer" label="回答" rules={req('回答')}>
            <Input.TextArea rows={6} maxLength={5000} showCount />
          </Form.Item>
        </>
      );
    case 'carousel':
      return (
        <>
          <Form.Item name="title" label="图片说明" rules={req('图片说明')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="imageUrl" label="图片" rules={[{ required: true, message: '请上传图片' }]}>
            <ImageField />
          </Form.Item>
        </>
      );
    case 'about':
      return (
        <>
          <Form.Item name="title" label="标题" rules={req('标题')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichEditor aria-label="正文" />
          </Form.Item>
        </>
      );
    case 'link':
      return (
        <>
          <Form.Item name="name" label="网站名称" rules={req('网站名称')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="url" label="网址" rules={[...req('网址'), { pattern: /^https?:\/\/\S+$/i, message: '网址应以 http:// 或 https:// 开头' }]}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        </>
      );
  }
}

/** The form's values of an item (a download's file as one field). */
function formValuesOf(item: Item): Values {
  if (item.kind === 'download') return { ...item, file: { url: item.fileUrl, name: item.fileName, size: item.size } };
  return { ...item };
}

const EMPTY: Record<Kind, Values> = {
  news: { title: '', source: '', summary: '', body: '' },
  notice: { channel: 'affiche', title: '', source: '', body: '', attachments: [] },
  download: { title: '', category: 'document' },
  faq: { groupName: '', question: '', answer: '' },
  carousel: { title: '' },
  about: { title: '', body: '' },
  link: { name: '', url: 'https://' },
};

/** What the save sends: the kind's fields (a download's file spread back into its three). */
function saveBody(kind: Kind, v: Values, target: { id?: number; version?: number }) {
  const fields = { ...v };
  if (kind === 'download') {
    const f = fields.file as AC.UploadedContentFile;
    Object.assign(fields, { fileName: f.name, fileUrl: f.url, size: f.size });
    delete fields.file;
  }
  return { ...fields, kind, ...target } as AC.ContentSave;
}

export function ItemEditor({ kind, id, onClose }: { kind: Kind; id: number | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const loaded = useCallQuery(adminContent.adminContentGet, { query: { kind, id: id === 'new' ? 1 : id } }, { enabled: id !== 'new', staleTime: 0 });
  const [item, setItem] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const [preview, setPreview] = useState<Values | null>(null);
  const [at, setAt] = useState<Dayjs | null>(null);

  useEffect(() => {
    if (id === 'new') {
      form.setFieldsValue(EMPTY[kind]);
      setItem(null);
    } else if (loaded.data) {
      form.setFieldsValue(formValuesOf(loaded.data));
      setItem(loaded.data);
      setStale(false);
    }
  }, [id, kind, loaded.data, form]);

  const refreshLists = () => {
    // An item changed: its kept answer would carry the old version into the next edit.
    queryClient.removeQueries({ queryKey: callKey(adminContent.adminContentGet) });
    return queryClient.invalidateQueries({ queryKey: callKey(adminContent.adminContentList) });
  };

  async function save(then?: 'publish' | 'schedule'): Promise<void> {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      let saved = await call(adminContent.adminContentSave, { body: saveBody(kind, values, item ? { id: item.id, version: item.version } : {}) });
      if (then) saved = await call(adminContent.adminContentPublish, { body: { kind, id: saved.id, version: saved.version, ...(then === 'schedule' && at ? { at: pickerIso(at) } : {}) } });
      setItem(saved);
      form.setFieldsValue(formValuesOf(saved));
      void message.success(then === 'publish' ? '已发布' : then === 'schedule' ? `已定时发布：${formatDateTime(saved.publishedAt)}` : '已保存');
      await refreshLists();
      if (then) onClose();
    } catch (err) {
      if (err instanceof CallError && err.code === 409) setStale(true);
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function openPreview() {
    const values = form.getFieldsValue(true) as Values;
    if (typeof values.body === 'string') {
      try {
        values.body = (await call(adminContent.adminContentPreview, { body: { body: values.body } })).body;
      } catch (err) {
        showError(err);
        return;
      }
    }
    setPreview(values);
  }

  const title = `${id === 'new' ? '新建' : '编辑'}${adminContent.CONTENT_KIND_LABELS[kind]}`;
  const statusTag = item ? <Tag>{adminContent.CONTENT_STATUS_LABELS[item.status]}</Tag> : <Tag>未保存</Tag>;
  return (
    <Drawer
      open
      title={
        <Space>
          {title}
          {statusTag}
        </Space>
      }
      size="large"
      width={880}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={() => void save()} loading={busy}>
            {item ? '保存' : '保存草稿'}
          </Button>
          <Button type="primary" onClick={() => void save('publish')} loading={busy}>
            保存并发布
          </Button>
          <Popover
            trigger="click"
            title="定时发布"
            content={
              <Space direction="vertical">
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={at} onChange={setAt} disabledDate={(d) => d.isBefore(pickerNow(), 'day')} aria-label="发布时间" />
                <Button type="primary" size="small" disabled={!at || at.isBefore(pickerNow())} onClick={() => void save('schedule')}>
                  到时发布
                </Button>
              </Space>
            }
          >
            <Button loading={busy}>定时发布…</Button>
          </Popover>
          <Button onClick={() => void openPreview()}>预览</Button>
        </Space>
      }
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="该内容已被其他管理员修改"
          description="您的修改尚未保存。重新载入将显示最新内容（您的修改会丢失）。"
          action={
            <Button size="small" onClick={() => void loaded.refetch()}>
              重新载入
            </Button>
          }
        />
      ) : null}
      {id !== 'new' && loaded.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" requiredMark>
          <KindFields kind={kind} />
        </Form>
      )}
      <Modal open={preview !== null} title="预览（与前台页面显示一致）" width={1000} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview ? <Preview kind={kind} values={preview} publishedAt={item?.publishedAt ?? new Date().toISOString()} /> : null}
      </Modal>
    </Drawer>
  );
}
