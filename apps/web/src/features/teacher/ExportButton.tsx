/** 导出Excel: the server's file for the list's current filter, with the wait, and the server's refusal or a failure shown. */
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { AnyCall } from '@portal/contract/refs';
import { CallError } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { toast } from '../../lib/toast.ts';

export function ExportButton({ call, query, fileName, label = '导出Excel' }: { call: AnyCall; query: Record<string, string | number | undefined>; fileName: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadFile(call, query, fileName).then(
          () => setBusy(false),
          (err: unknown) => {
            setBusy(false);
            // The server's sentence (e.g. no certificate to print yet) is information, not a failure.
            if (err instanceof CallError && err.kind === 'business') return toast('info', err.message);
            console.error(err);
            toast('error', navigator.onLine ? `导出失败：${(err as Error).message}` : '网络连接已断开，请检查网络');
          },
        );
      }}
    >
      {label}
    </Button>
  );
}
