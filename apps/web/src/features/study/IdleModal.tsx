/** 您还在学习吗？: the prompt after the idle time (antd's Modal), loaded by StudyPanel the first time it is shown. */
import { Button, Modal } from 'antd';

export default function IdleModal({ open, idleMinutes, onContinue }: { open: boolean; idleMinutes: number; onContinue: () => void }) {
  return (
    <Modal
      open={open}
      title="您还在学习吗？"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onContinue}>
          继续学习
        </Button>
      }
    >
      <p>您已经{idleMinutes}分钟没有操作，学习已暂停计时。点击“继续学习”恢复计时。</p>
    </Modal>
  );
}
