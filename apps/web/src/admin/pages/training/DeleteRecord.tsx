/**
 * 删除 of a record made by mistake (a topic, a class), one way for both: it asks first, naming the
 * record and what keeps one from going; on success it says so and goes back to the list, and on a
 * refusal it shows the server's words (what still holds the record) and stays.
 */
import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AnyCall } from '@portal/contract/refs';
import { showError } from '../../../api/client.ts';
import { callKey } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';

export function DeleteRecord(props: {
  /** The button: 删除项目. */
  label: string;
  /** The question: 删除培训项目“…”？ */
  question: string;
  /** What goes with it and what keeps it. */
  description: string;
  /** Said once it is gone. */
  done: string;
  remove: () => Promise<unknown>;
  /** The record's own call (forgotten, not asked again) and its list's (asked again). */
  one: AnyCall;
  list: AnyCall;
  listPath: string;
  disabled?: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await props.remove();
      toast('success', props.done);
      client.removeQueries({ queryKey: callKey(props.one) });
      void client.invalidateQueries({ queryKey: callKey(props.list) });
      void navigate(props.listPath, { replace: true });
    } catch (err) {
      showError(err);
      setDeleting(false);
    }
  };
  return (
    <Popconfirm title={props.question} description={props.description} okText="删除" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={confirm}>
      <Button danger loading={deleting} disabled={props.disabled}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}
