/** The area's home: whom it greets, with what roles, and the sections they may open. */
import { useEffect } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { ADMIN_ROLE_NAMES, type AdminRole } from '@portal/contract/base';
import { usePageBreakpoint } from '../lib/pageWidth.ts';
import type { Section } from './sections.ts';
import { useCollegeName } from './useCollegeName.ts';

export function AdminHome({ sections, person }: { sections: readonly Section[]; person: { personName: string; roles: AdminRole[] } }) {
  const college = useCollegeName();
  // Three cards a row from xl, two from md, one below: of the zoomed width (antd's xs/md/xl props ask the window).
  const breakpoint = usePageBreakpoint();
  const span = breakpoint === 'xl' || breakpoint === 'xxl' ? 8 : breakpoint === 'md' || breakpoint === 'lg' ? 12 : 24;
  useEffect(() => {
    document.title = `管理后台 - ${college}`;
  }, [college]);
  return (
    <div>
      <Typography.Title level={2}>您好，{person.personName}</Typography.Title>
      <Typography.Paragraph>
        您的角色：{person.roles.map((r) => ADMIN_ROLE_NAMES[r]).join('、')}。以下是您可以管理的栏目；每一项修改都会记入审计日志。30分钟无操作将自动退出。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {sections.map((s) => (
          <Col key={s.key} span={span}>
            <Link to={`/admin/${s.key}`} className="admin-home-link">
              <Card hoverable title={s.label}>
                {s.summary}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
