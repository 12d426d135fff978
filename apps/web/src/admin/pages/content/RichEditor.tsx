/**
 * The rich-text editor of news, notices and the about page: an editable area with a toolbar
 * (headings, emphasis, lists, alignment, links, images uploaded to the product, clear formatting).
 * A small contentEditable editor rather than a library (decision record "content administration"):
 * whatever it produces is sanitised by the server's allow-list before it is stored, and the preview
 * shows what the server keeps. Used as an antd form control (value, onChange).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Modal, Space, Tooltip, message } from 'antd';
import { adminContent } from '@portal/contract/refs';
import { CallError, refusalMessage, upload } from '../../../api/client.ts';
import { LIMITS } from './limits.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

type Command = { label: string; text: string; run: () => void };

export function RichEditor({ value = '', onChange, id, 'aria-label': ariaLabel = '正文' }: Props) {
  const area = useRef<HTMLDivElement>(null);
  const lastHtml = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [uploading, setUploading] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The value is written into the area only when it comes from outside (a loaded item), never while
  // the administrator types: that would move the caret.
  useEffect(() => {
    const el = area.current;
    if (el && value !== lastHtml.current) {
      el.innerHTML = value;
      lastHtml.current = value;
    }
  }, [value]);

  const changed = () => {
    const html = area.current?.innerHTML ?? '';
    lastHtml.current = html;
    onChange?.(html);
  };
  const keepSelection = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount > 0 && area.current?.contains(sel.anchorNode)) savedRange.current = sel.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    area.current?.focus();
    const sel = window.getSelection();
    if (sel && savedRange.current) {
      sel.removeAllRanges();
      sel.addRange(savedRange.current);
    }
  };
  const exec = (name: string, arg?: string) => {
    restoreSelection();
    document.execCommand(name, false, arg);
    changed();
  };

  const commands: Command[] = [
    { label: '正文段落', text: '段', run: () => exec('formatBlock', '<p>') },
    { label: 'H2 二级标题', text: 'H2', run: () => exec('formatBlock', '<h2>') },
    { label: 'H3 三级标题', text: 'H3', run: () => exec('formatBlock', '<h3>') },
    { label: '加粗', text: 'B', run: () => exec('bold') },
    { label: '斜体', text: 'I', run: () => exec('italic') },
    { label: '下划线', text: 'U', run: () => exec('underline') },
    { label: '项目符号列表', text: '• 列表', run: () => exec('insertUnorderedList') },
    { label: '编号列表', text: '编号', run: () => exec('insertOrderedList') },
    { label: '左对齐', text: '左', run: () => exec('justifyLeft') },
    { label: '居中', text: '中', run: () => exec('justifyCenter') },
    { label: '右对齐', text: '右', run: () => exec('justifyRight') },
    {
      label: '插入链接',
      text: '链接',
      run: () => {
        keepSelection();
        setLinkOpen(true);
      },
    },
    {
      label: '插入图片',
      text: '图片',
      run: () => {
        keepSelection();
        fileInput.current?.click();
      },
    },
    { label: '清除格式', text: '清除', run: () => exec('removeFormat') },
  ];

  async function insertImage(file: File) {
    if (file.size > LIMITS.imageMaxBytes) {
      void message.error(LIMITS.imageTooLarge);
      return;
    }
    setUploading(0);
    try {
      const { data } = await upload(adminContent.adminContentImage, file, file.name, { onProgress: (s) => setUploading(Math.round(s * 100)) });
      exec('insertHTML', `<img src="${data.url}" alt="">`);
    } catch (err) {
      void message.error(err instanceof CallError && err.code === 413 ? LIMITS.imageTooLarge : (refusalMessage(err) ?? '上传失败！'));
    } finally {
      setUploading(null);
    }
  }

  return (
    <div className="rich-editor">
      <Space wrap size={4} className="rich-editor-toolbar" role="toolbar" aria-label="正文格式">
        {commands.map((c) => (
          <Tooltip key={c.label} title={c.label}>
            <Button size="small" aria-label={c.label} onMouseDown={(e) => e.preventDefault()} onClick={c.run} disabled={c.text === '图片' && uploading !== null}>
              {c.text === '图片' && uploading !== null ? `上传 ${uploading}%` : c.text}
            </Button>
          </Tooltip>
        ))}
      </Space>
      <div
        ref={area}
        id={id}
        className="rich-editor-area article-body"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        tabIndex={0}
        onInput={() => {
          keepSelection();
          changed();
        }}
        onBlur={() => {
          keepSelection();
          changed();
        }}
        onFocus={() => {
          // New lines make paragraphs (<p>), as the public pages' styles expect; an empty body starts with one.
          document.execCommand('defaultParagraphSeparator', false, 'p');
          const el = area.current;
          if (el && el.innerHTML.trim() === '') {
            el.innerHTML = '<p><br></p>';
            const range = document.createRange();
            range.setStart(el.firstChild!, 0);
            range.collapse(true);
            window.getSelection()?.removeAllRanges();
            window.getSelection()?.addRange(range);
            savedRange.current = range.cloneRange();
          }
        }}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Modal
        title="插入链接"
        open={linkOpen}
        okText="插入"
        cancelText="取消"
        onCancel={() => setLinkOpen(false)}
        onOk={() => {
          setLinkOpen(false);
          if (/^(https?:\/\/|mailto:|\/)/i.test(linkUrl.trim())) exec('createLink', linkUrl.trim());
          else void message.warning('链接应以 http://、https://、mailto: 或 / 开头');
        }}
      >
        <Input aria-label="链接地址" value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} />
      </Modal>
    </div>
  );
}
