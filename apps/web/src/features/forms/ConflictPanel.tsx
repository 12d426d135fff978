/**
 * A save refused because someone else saved the record since it was opened: the administrator's
 * version beside the stored one, field by field where they differ, and a choice of which to keep
 * (the other is overwritten) — the way the homework editor settles two windows' drafts.
 */
import { Alert, Button, Space } from 'antd';
import './forms.css';

export interface ConflictField {
  label: string;
  /** What this window holds, as plain text. */
  mine: string;
  /** What the server holds now. */
  stored: string;
}

export function ConflictPanel({ fields, who, onKeepMine, onKeepStored, busy }: { fields: ConflictField[]; who?: string; onKeepMine: () => void; onKeepStored: () => void; busy?: boolean }) {
  const differing = fields.filter((f) => f.mine !== f.stored);
  return (
    <Alert
      type="warning"
      showIcon
      className="form-kit-conflict"
      style={{ marginBottom: 16 }}
      title={`${who ?? '其他管理员'}在您编辑期间保存了不同的内容`}
      description={
        <div>
          <p>您的修改还在，没有丢失。请对照下面两份内容，选择保留哪一份，另一份将被覆盖。</p>
          <div className="form-kit-conflict-grid" role="table" aria-label="两份内容对照">
            <div role="row" className="form-kit-conflict-head">
              <span role="columnheader">项目</span>
              <span role="columnheader">您的版本</span>
              <span role="columnheader">已保存的版本</span>
            </div>
            {(differing.length > 0 ? differing : fields.slice(0, 1)).map((f) => (
              <div role="row" key={f.label}>
                <span role="rowheader">{f.label}</span>
                <span role="cell" data-testid="conflict-mine">
                  {f.mine || '（空）'}
                </span>
                <span role="cell" data-testid="conflict-stored">
                  {f.stored || '（空）'}
                </span>
              </div>
            ))}
          </div>
          <Space wrap style={{ marginTop: 12 }}>
            <Button type="primary" onClick={onKeepMine} loading={busy}>
              保留我的版本并保存
            </Button>
            <Button onClick={onKeepStored} disabled={busy}>
              改用已保存的版本
            </Button>
          </Space>
        </div>
      }
    />
  );
}

/** A rich-text field's HTML as the text a person reads (for the comparison). */
export function plainText(html: unknown): string {
  if (typeof html !== 'string') return html === undefined || html === null ? '' : JSON.stringify(html);
  return html
    .replace(/<\/(p|div|h\d|li)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}
