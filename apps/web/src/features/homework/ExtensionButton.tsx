/**
 * 延期 (Moodle's extension): the teacher gives one member a later deadline for an assignment; until
 * then the member's work is on time and accepted. Granting again replaces it; the learner gets a message.
 */
import { useState } from 'react';
import { Alert, Button, DatePicker, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { pickerIso, pickerNow, toPicker } from '../../lib/pickerTime.ts';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { call, refusalMessage } from '../../api/client.ts';
import { callKey } from '../../api/useCallQuery.ts';
import { toast } from '../../lib/toast.ts';

export function ExtensionButton({ classId, row }: { classId: number; row: W.SubmissionRow }) {
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState<Dayjs | null>(row.extensionUntil ? toPicker(row.extensionUntil) : pickerNow().add(7, 'day').hour(18).minute(0).second(0));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const grant = useMutation({
    mutationFn: () => call(work.grantWorkExtension, { body: { classId, workId: row.workId, personId: row.personId, until: pickerIso(until!), reason } }),
    onSuccess: () => {
      toast('success', work.WORK_MSG.extended);
      for (const c of [work.findWorkSubmissionByPage, work.findPracticeByPage, work.findClassWork]) void client.invalidateQueries({ queryKey: callKey(c) });
      setOpen(false);
    },
    onError: (err) => setError(refusalMessage(err)),
  });
  return (
    <>
      <Button size="small" type="link" aria-label={`延期 ${row.personName}`} onClick={() => setOpen(true)}>
        延期
      </Button>
      <Modal
        title={`为${row.personName}延期`}
        open={open}
        okText="确定延期"
        cancelText="取消"
        confirmLoading={grant.isPending}
        okButtonProps={{ disabled: !until }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          setError(null);
          grant.mutate();
        }}
        destroyOnHidden
      >
        <p>延期后，该学员在新的截止时间前提交均按时计，不受原截止时间限制。</p>
        <label className="hw-field">
          <span>新的截止时间</span>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={until} onChange={setUntil} disabledDate={(d) => d.isBefore(pickerNow(), 'day')} aria-label="新的截止时间" />
        </label>
        <label className="hw-field">
          <span>延期原因（选填）</span>
          <Input.TextArea rows={2} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Modal>
    </>
  );
}
