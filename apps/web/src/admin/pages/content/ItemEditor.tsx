/**
 * One item of any kind in a drawer: its fields (rich text in the editor, files uploaded with their
 * progress), 保存 (a new item is saved as a draft), 保存并发布, 定时发布 at a chosen time, and 预览
 * — the item as the public page shows it, through the public page's own components. Every save names
 * the version it was loaded at; when another administrator saved since, both versions are shown side
 * by side and the administrator keeps either. Closing with unsaved changes asks first, and what was
 * typed is kept on the device until saved (features/forms).
 */
import { useEffect, useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, Modal, Popover, Select, Space, Spin, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerIso, pickerNow } from '../../../lib/pickerTime.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useQueryClient } from '@tanstack/react-query';
import { adminContent } from '@portal/contract/refs';
import { adminContent as adminContentSchemas, type adminContent as AC } from '@portal/contract';
import { call, CallError, showError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { rulesOf, zodMessage } from '../../../lib/formRules.ts';
import { adminSession } from '../../../lib/adminSession.ts';
import { useEditorGuard } from '../../../features/forms/useEditorGuard.tsx';
import { ConflictPanel, plainText } from '../../../features/forms/ConflictPanel.tsx';
import { RichEditor } from './RichEditor.tsx';
import { AttachmentsField, DownloadFileField, ImageField } from './fields.tsx';
import { Preview } from './Preview.tsx';

type Kind = AC.ContentKind;
type Item = AC.ContentItem;
type Values = Record<string, unknown>;

const F = adminContentSchemas.contentFields;
const M = adminContentSchemas.ADMIN_CONTENT_MSG;
/** The rich text's own schema lets an empty text through (the server checks it after cleaning it): the form asks for it. */
const bodyRules = [{ required: true, message: M.bodyRequired }];
/** A download's file is one field of the form and three of the call. */
const fileRules = [{ required: true, message: '请上传文件' }, { validator: async (_r: unknown, v: { url?: string } | undefined) => { const m = zodMessage(F.download.shape.fileUrl, v?.url); if (m) throw new Error(m); } }];

function KindFields({ kind }: { kind: Kind }) {
  switch (kind) {
    case 'news':
      return (
        <>
          <Form.Item name="title" label="标题" rules={rulesOf(F.news, 'title')}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="source" label="来源" rules={rulesOf(F.news, 'source')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="summary" label="摘要" rules={rulesOf(F.news, 'summary')}>
            <Input.TextArea maxLength={300} rows={2} showCount />
          </Form.Item>
          <Form.Item name="imageUrl" label="封面图片" rules={rulesOf(F.news, 'imageUrl')}>
            <ImageField label="上传封面" />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={bodyRules}>
            <RichEditor aria-label="正文" />
          </Form.Item>
        </>
      );
    case 'notice':
      return (
        <>
          <Form.Item name="channel" label="栏目" rules={rulesOf(F.notice, 'channel')}>
            <Select options={Object.entries(adminContent.NOTICE_CHANNEL_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={rulesOf(F.notice, 'title')}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="source" label="发布单位" rules={rulesOf(F.notice, 'source')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={bodyRules}>
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
          <Form.Item name="title" label="名称" rules={rulesOf(F.download, 'title')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="category" label="分类" rules={rulesOf(F.download, 'category')}>
            <Select options={Object.entries(adminContent.DOWNLOAD_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="file" label="文件" rules={fileRules}>
            <DownloadFileField />
          </Form.Item>
        </>
      );
    case 'faq':
      return (
        <>
          <Form.Item name="groupName" label="问题分类" rules={rulesOf(F.faq, 'groupName')}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="question" label="问题" rules={rulesOf(F.faq, 'question')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="answer" label="回答" rules={rulesOf(F.faq, 'answer')}>
            <Input.TextArea rows={6} maxLength={5000} showCount />
          </Form.Item>
        </>
      );
    case 'carousel':
      return (
        <>
          <Form.Item name="title" label="图片说明" rules={rulesOf(F.carousel, 'title')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="imageUrl" label="图片" rules={rulesOf(F.carousel, 'imageUrl')}>
            <ImageField />
          </Form.Item>
        </>
      );
    case 'about':
      return (
        <>
          <Form.Item name="title" label="标题" rules={rulesOf(F.about, 'title')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={bodyRules}>
            <RichEditor aria-label="正文" />
          </Form.Item>
        </>
      );
    case 'link':
      return (
        <>
          <Form.Item name="name" label="网站名称" rules={rulesOf(F.link, 'name')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="url" label="网址" rules={rulesOf(F.link, 'url')}>
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

/** The fields compared when two administrators saved the same item, with their labels. */
const COMPARED: Record<Kind, [string, string][]> = {
  news: [['title', '标题'], ['source', '来源'], ['summary', '摘要'], ['body', '正文']],
  notice: [['title', '标题'], ['source', '发布单位'], ['body', '正文']],
  download: [['title', '名称'], ['category', '分类']],
  faq: [['groupName', '问题分类'], ['question', '问题'], ['answer', '回答']],
  carousel: [['title', '图片说明'], ['imageUrl', '图片']],
  about: [['title', '标题'], ['body', '正文']],
  link: [['name', '网站名称'], ['url', '网址']],
};

export function ItemEditor({ kind, id, onClose }: { kind: Kind; id: number | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const loaded = useCallQuery(adminContent.adminContentGet, { query: { kind, id: id === 'new' ? 1 : id } }, { enabled: id !== 'new', staleTime: 0 });
  const [item, setItem] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  /** The stored item when a save was refused as out of date. */
  const [conflict, setConflict] = useState<Item | null>(null);
  const [preview, setPreview] = useState<Values | null>(null);
  const [at, setAt] = useState<Dayjs | null>(null);
  const personId = adminSession.get()?.person.personId ?? null;
  const ready = id === 'new' || Boolean(loaded.data);
  const guard = useEditorGuard<Values>({
    form,
    address: personId !== null && ready ? { personId, editor: `content-${kind}`, record: id } : null,
    save: () => save(),
  });
  const { loaded: guardLoaded, isDirty } = guard;

  useEffect(() => {
    if (id === 'new') {
      form.setFieldsValue(EMPTY[kind]);
      setItem(null);
      guardLoaded();
    } else if (loaded.data && !isDirty()) {
      // A refetch (the window regained focus) never overwrites what is being typed.
      form.setFieldsValue(formValuesOf(loaded.data));
      setItem(loaded.data);
      setConflict(null);
      guardLoaded();
    }
  }, [id, kind, loaded.data, form, guardLoaded, isDirty]);

  const refreshLists = () => {
    // An item changed: its kept answer would carry the old version into the next edit.
    queryClient.removeQueries({ queryKey: callKey(adminContent.adminContentGet) });
    return queryClient.invalidateQueries({ queryKey: callKey(adminContent.adminContentList) });
  };

  /** Saves (then publishes when asked), over `base` when given (the stored item the administrator chose to overwrite). Resolves true when saved. */
  async function save(then?: 'publish' | 'schedule', base: Item | null = item): Promise<boolean> {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    setBusy(true);
    try {
      let saved = await call(adminContent.adminContentSave, { body: saveBody(kind, values, base ? { id: base.id, version: base.version } : {}) });
      if (then) saved = await call(adminContent.adminContentPublish, { body: { kind, id: saved.id, version: saved.version, ...(then === 'schedule' && at ? { at: pickerIso(at) } : {}) } });
      setItem(saved);
      setConflict(null);
      form.setFieldsValue(formValuesOf(saved));
      guard.settled();
      void message.success(then === 'publish' ? '已发布' : then === 'schedule' ? `已定时发布：${formatDateTime(saved.publishedAt)}` : '已保存');
      await refreshLists();
      if (then) onClose();
      return true;
    } catch (err) {
      if (err instanceof CallError && err.code === 409 && base) {
        // Someone saved since: the administrator's text stays in the form and beside the stored one.
        const stored = await call(adminContent.adminContentGet, { query: { kind, id: base.id } }).catch(() => null);
        if (stored) setConflict(stored);
        else showError(err);
      } else showError(err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const keepStored = () => {
    if (!conflict) return;
    form.setFieldsValue(formValuesOf(conflict));
    setItem(conflict);
    setConflict(null);
    guard.settled();
  };

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
      onClose={() => guard.leave(onClose)}
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
      {conflict ? (
        <ConflictPanel
          busy={busy}
          fields={COMPARED[kind].map(([name, label]) => ({ label, mine: plainText((form.getFieldsValue(true) as Values)[name]), stored: plainText((formValuesOf(conflict) as Values)[name]) }))}
          onKeepMine={() => void save(undefined, conflict)}
          onKeepStored={keepStored}
        />
      ) : null}
      {guard.offer}
      {id !== 'new' && loaded.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" requiredMark onValuesChange={guard.changed}>
          <KindFields kind={kind} />
        </Form>
      )}
      <Modal open={preview !== null} title="预览（与前台页面显示一致）" width={1000} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview ? <Preview kind={kind} values={preview} publishedAt={item?.publishedAt ?? new Date().toISOString()} /> : null}
      </Modal>
      {guard.element}
    </Drawer>
  );
}
