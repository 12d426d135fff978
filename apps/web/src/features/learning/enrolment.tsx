/** Apply to / cancel a training arrangement; the server's refusals (closed, full, already applied, learning counted) are shown as they are. */
import { Button, Modal, Space, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { learning as learningTypes } from '@portal/contract';
import { learning } from '@portal/contract/refs';
import { call, showError } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';

type MyInstall = learningTypes.MyInstall;

export function EnrolmentTag({ install }: { install: MyInstall }) {
  if (!install.enrolment || install.enrolment === 'cancelled') return <Tag>未报名</Tag>;
  return <Tag color={install.enrolment === 'completed' ? 'success' : 'processing'}>{learning.ENROLMENT_LABELS[install.enrolment]}</Tag>;
}

function applyHint(i: MyInstall): string {
  if (i.applyOpen) return '';
  return Date.now() < Date.parse(i.applyStart) ? '报名未开始' : '报名已截止';
}

export function EnrolmentActions({ install }: { install: MyInstall }) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [learning.findSpecialInstallByPage.name] });
    void client.invalidateQueries({ queryKey: [learning.findCoursePlan.name] });
    void client.invalidateQueries({ queryKey: [learning.findMyInstallList.name] });
  };
  const apply = useMutation({
    mutationFn: () => call(learning.installApply, { query: { installId: install.id } }),
    onSuccess: () => {
      toast('success', `报名成功：${install.title}`);
      refresh();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const cancel = useMutation({
    mutationFn: () => call(learning.installCancel, { query: { installId: install.id } }),
    onSuccess: () => {
      toast('success', '已取消报名');
      refresh();
    },
    onError: (err) => showError(err, 'warning'),
  });
  const enrolled = install.enrolment !== null && install.enrolment !== 'cancelled';
  const full = install.capacity > 0 && install.applicantCount >= install.capacity;
  if (enrolled) {
    if (install.enrolment === 'completed') return null;
    return (
      <Button
        loading={cancel.isPending}
        onClick={() =>
          Modal.confirm({
            title: '取消报名',
            content: `确定取消报名“${install.title}”吗？`,
            okText: '取消报名',
            cancelText: '再想想',
            onOk: () => cancel.mutate(),
          })
        }
      >
        取消报名
      </Button>
    );
  }
  const hint = applyHint(install) || (full ? '名额已满' : '');
  return (
    <Space>
      <Button type="primary" loading={apply.isPending} disabled={!install.applyOpen} onClick={() => apply.mutate()} aria-label={`报名 ${install.title}`}>
        报名
      </Button>
      {hint ? <span className="lc-muted">{hint}</span> : null}
    </Space>
  );
}
