/** A course's status as a tag, and the switch between published and offline, shared by the list and the editor. */
import { Tag } from 'antd';
import type { adminCourses as AC } from '@portal/contract';
import { adminCourses } from '@portal/contract/refs';
import { call, CallError } from '../../../api/client.ts';
import { toast } from '../../../lib/toast.ts';
const STATUS_COLORS: Record<AC.CourseStatus, string> = { draft: 'default', published: 'success', offline: 'warning' };

export function StatusTag({ status }: { status: AC.CourseStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{adminCourses.COURSE_STATUS_LABELS[status]}</Tag>;
}

/** Publishes or takes offline the version the administrator sees; answers whether it was done. */
export async function switchStatus(c: { id: number; version: number; status: AC.CourseStatus }): Promise<boolean> {
  const publishing = c.status !== 'published';
  try {
    await call(publishing ? adminCourses.adminCoursePublish : adminCourses.adminCourseUnpublish, { body: { id: c.id, version: c.version } });
    toast('success', publishing ? '课程已发布，学员可在“课程分类”中看到' : '课程已下架，学员的学习记录和已获学时保留');
    return true;
  } catch (err) {
    if (err instanceof CallError && err.kind === 'business') toast('error', err.message);
    return false;
  }
}
