/**
 * The unsaved-change guard every editor uses. While the form differs from what was loaded or last
 * saved: each change is kept on the device (deviceDraft.ts); closing the editor (×, Esc, the mask,
 * 返回) or moving to another address asks 保存 / 放弃修改 / 继续编辑; a reload or a closed tab gets
 * the browser's own "leave the page?" prompt, and the device's copy is offered back on the next open,
 * after a logout too.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, type FormInstance } from 'antd';
import { useBlocker } from 'react-router';
import { deviceDrafts, sameValues, type DraftAddress } from './deviceDraft.ts';

export interface EditorGuardOptions<V> {
  form: FormInstance<V>;
  /** Where the device's copy lives; null while the person or the record is not known yet. */
  address: DraftAddress | null;
  /** Saves the form as the editor's own 保存 does; resolves true when the server holds it. */
  save: () => Promise<boolean>;
  /** The form's values as kept on the device (e.g. dates as text). */
  toStored?: (values: V) => unknown;
  /** A kept copy back into form values. */
  fromStored?: (stored: unknown) => V;
}

export interface EditorGuard {
  /** For the Form's onValuesChange: the person changed something. */
  changed: () => void;
  /** The form was filled from the server: nothing to guard; a device copy equal to it is no longer offered. */
  loaded: () => void;
  /** The form's values are saved: nothing to guard, the device's copy goes. */
  settled: () => void;
  /** Leaves when nothing is unsaved, otherwise asks first. */
  leave: (go: () => void) => void;
  /** Whether something typed is not saved yet. */
  dirty: boolean;
  /** The same, read at the moment (for effects that must not overwrite typing). */
  isDirty: () => boolean;
  /** The dialog and the offer of a kept copy: render them in the editor. */
  element: ReactNode;
  /** The offer of the device's copy, when there is one (render above the form). */
  offer: ReactNode;
}

const timeOf = (at: number) => {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getMonth() + 1}月${d.getDate()}日 ${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function useEditorGuard<V>({ form, address, save, toStored, fromStored }: EditorGuardOptions<V>): EditorGuard {
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const [asking, setAsking] = useState<null | { go: () => void; stay: () => void }>(null);
  const [saving, setSaving] = useState(false);
  const [kept, setKept] = useState<{ values: unknown; at: number } | null>(null);
  const addressRef = useRef(address);
  addressRef.current = address;
  const key = address ? `${address.personId}:${address.editor}:${address.record}` : null;
  const store = toStored ?? ((v: V) => v as unknown);

  const mark = (d: boolean) => {
    dirtyRef.current = d;
    setDirty(d);
  };

  // A copy kept on this device for this record is offered once the editor opens on it.
  useEffect(() => {
    if (!addressRef.current) return setKept(null);
    const copy = deviceDrafts.read(addressRef.current);
    setKept(copy);
  }, [key]);

  const changed = useCallback(() => {
    mark(true);
    const a = addressRef.current;
    // The offer stays on screen (its copy in memory) until answered, though typing replaces the stored one.
    if (a) deviceDrafts.keep(a, store(form.getFieldsValue(true) as V));
  }, [form]); // eslint-disable-line react-hooks/exhaustive-deps

  const loaded = useCallback(() => {
    mark(false);
    const a = addressRef.current;
    const copy = a ? deviceDrafts.read(a) : null;
    if (a && copy && sameValues(copy.values, store(form.getFieldsValue(true) as V))) {
      deviceDrafts.drop(a);
      setKept(null);
    } else setKept(copy);
  }, [form]); // eslint-disable-line react-hooks/exhaustive-deps

  const settled = useCallback(() => {
    mark(false);
    const a = addressRef.current;
    if (a) deviceDrafts.drop(a);
    setKept(null);
  }, []);

  const isDirty = useCallback(() => dirtyRef.current, []);

  const leave = useCallback((go: () => void) => {
    if (!dirtyRef.current) return go();
    setAsking({ go, stay: () => undefined });
  }, []);

  // Another address inside the app (a menu link, Back): the same question.
  // A move that says so (the session ended: no save could succeed) passes; the device keeps the copy.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname && !(nextLocation.state as { leaveUnsaved?: boolean } | null)?.leaveUnsaved,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') setAsking({ go: () => blocker.proceed(), stay: () => blocker.reset() });
  }, [blocker]);

  // A reload or a closed tab: only the browser's own prompt can ask; the device's copy stays either way.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const answer = async (choice: 'save' | 'discard' | 'stay') => {
    const q = asking;
    if (!q) return;
    if (choice === 'stay') {
      setAsking(null);
      q.stay();
      return;
    }
    if (choice === 'save') {
      setSaving(true);
      const ok = await save().catch(() => false);
      setSaving(false);
      if (!ok) {
        // Refused or invalid: the form shows why, and the person stays in it.
        setAsking(null);
        q.stay();
        return;
      }
    }
    settled();
    setAsking(null);
    q.go();
  };

  const restore = () => {
    if (!kept) return;
    const values = fromStored ? fromStored(kept.values) : (kept.values as V);
    form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    setKept(null);
    mark(true);
  };
  const dropKept = () => {
    const a = addressRef.current;
    if (a) deviceDrafts.drop(a);
    setKept(null);
  };

  const offer =
    kept ? (
      <Alert
        type="info"
        showIcon
        className="form-kit-offer"
        style={{ marginBottom: 16 }}
        title={`本机保留了您 ${timeOf(kept.at)} 未保存的内容`}
        description="可以恢复后继续编辑，恢复后请记得保存。"
        action={
          <Space direction="vertical">
            <Button size="small" type="primary" onClick={restore}>
              恢复未保存的内容
            </Button>
            <Button size="small" onClick={dropKept}>
              不需要
            </Button>
          </Space>
        }
      />
    ) : null;

  const element = (
    <Modal
      open={asking !== null}
      title="有修改尚未保存"
      closable={false}
      maskClosable={false}
      keyboard={false}
      onCancel={() => void answer('stay')}
      className="form-kit-guard"
      footer={
        <Space wrap className="form-kit-guard-actions">
          <Button onClick={() => void answer('stay')} autoFocus>
            继续编辑
          </Button>
          <Button danger onClick={() => void answer('discard')} disabled={saving}>
            放弃修改
          </Button>
          <Button type="primary" onClick={() => void answer('save')} loading={saving}>
            保存
          </Button>
        </Space>
      }
    >
      <p>您填写的内容还没有保存。离开前要保存吗？</p>
    </Modal>
  );

  return { changed, loaded, settled, leave, dirty, isDirty, element, offer };
}
