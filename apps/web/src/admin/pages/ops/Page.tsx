/**
 * 运维状态 (system administrators): whether this instance is ready (database reachable, migrations
 * applied), the version, the instances seen in the last three minutes, the last backups with 立即备份,
 * and the configuration that matters, secrets shown only as set or not.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Descriptions, Popconfirm, Space, Table, Typography } from 'antd';
import { CloudDownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { admin } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { callKey, useCallQuery } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { formatBytes, formatDateTime } from '../../format.ts';
import { PageLoading } from '../../../app/PageLoading.tsx';

export default function OpsPage() {
  const result = useCallQuery(admin.adminOps, {}, { staleTime: 0 });
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const data = result.data;

  const backup = async () => {
    setBusy(true);
    try {
      const taken = await call(admin.adminBackupNow);
      toast('success', `备份完成：${taken.dir.split(/[\\/]/).pop()}`);
      await client.invalidateQueries({ queryKey: callKey(admin.adminOps) });
    } catch (err) {
      if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    } finally {
      setBusy(false);
    }
  };

  if (result.isPending) return <PageLoading />;
  if (!data)
    return (
      <Alert
        type="error"
        showIcon
        title="运维状态加载失败"
        action={
          <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
            重试
          </Button>
        }
      />
    );

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div className="admin-list-toolbar">
        <Typography.Title level={2} style={{ margin: 0 }}>
          运维状态
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} loading={result.isFetching}>
          刷新
        </Button>
      </div>
      <Card title="本实例">
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="就绪状态">{data.ready ? <Badge status="success" text="就绪" /> : <Badge status="error" text="未就绪（数据库不可用或迁移未完成）" />}</Descriptions.Item>
          <Descriptions.Item label="数据库">{data.database === 'postgres' ? 'PostgreSQL' : '内嵌数据库（PGlite）'}</Descriptions.Item>
          <Descriptions.Item label="版本">{data.version}</Descriptions.Item>
          <Descriptions.Item label="启动时间">{formatDateTime(data.startedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`最近3分钟在线的实例（${data.instances.length}）`}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.instances}
          locale={{ emptyText: '暂无实例上报（实例启动后每分钟上报一次）' }}
          columns={[
            { title: '实例', dataIndex: 'id' },
            { title: '主机', dataIndex: 'host' },
            { title: '版本', dataIndex: 'version' },
            { title: '启动时间', dataIndex: 'startedAt', render: formatDateTime },
            { title: '最近上报', dataIndex: 'seenAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Card
        title="最近的备份"
        extra={
          <Popconfirm title="立即备份数据库和上传的文件？" description="备份期间服务照常可用。" okText="立即备份" cancelText="取消" onConfirm={backup}>
            <Button type="primary" icon={<CloudDownloadOutlined />} loading={busy}>
              立即备份
            </Button>
          </Popconfirm>
        }
      >
        <Table
          rowKey="dir"
          size="small"
          pagination={false}
          dataSource={data.backups}
          locale={{ emptyText: '还没有备份' }}
          columns={[
            { title: '目录', dataIndex: 'dir' },
            { title: '类型', dataIndex: 'kind', render: (k: string) => (k === 'postgres' ? 'PostgreSQL' : '内嵌数据库') },
            { title: '时间', dataIndex: 'createdAt', render: formatDateTime },
            { title: '大小', dataIndex: 'bytes', render: formatBytes },
          ]}
        />
      </Card>
      <Card title="关键配置（密钥只显示是否已设置）">
        <Descriptions column={{ xs: 1, lg: 2 }} bordered size="small">
          {data.config.map((c) => (
            <Descriptions.Item key={c.key} label={c.key}>
              {c.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    </Space>
  );
}
