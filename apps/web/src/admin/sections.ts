/**
 * The administration area's sections and who may open them. The side menu shows only the
 * sections the administrator's roles allow; the server checks the role of every call anyway. A section's
 * page is pages/<key>/Page.tsx.
 */
import type { AdminRole } from '@portal/contract/base';

export interface Section {
  key: string;
  label: string;
  /** What the section is for, on the area's home page. */
  summary: string;
  roles: readonly AdminRole[];
}

export const SECTIONS: readonly Section[] = [
  { key: 'content', label: '内容管理', summary: '新闻、通知公告、下载、常见问题、轮播图、学院概况、友情链接', roles: ['content'] },
  { key: 'people', label: '人员与单位', summary: '单位树、人员查询与修改、锁定解锁、重置密码、管理员角色', roles: ['training', 'system'] },
  { key: 'imports', label: '数据导入', summary: '下载模板、上传导入、逐行问题、退回行下载、导入记录', roles: ['training'] },
  { key: 'certificates', label: '证书管理', summary: '专题发证规则、证书查询、撤销与补发', roles: ['training'] },
  { key: 'courses', label: '课程管理', summary: '课程、章节（视频、PDF课件、直播）、封面、发布与下架', roles: ['training', 'system'] },
  { key: 'media', label: '媒体库', summary: '讲课视频断点续传、转码进度、PDF课件页数与缩略图', roles: ['training', 'system'] },
  { key: 'exams', label: '考试管理', summary: '题库、试卷与成绩', roles: ['training'] },
  { key: 'training', label: '培训管理', summary: '培训年度、培训项目与报名规则、学习计划与课程、班级与教师学员', roles: ['training', 'system'] },
  { key: 'audit', label: '审计日志', summary: '按人员、事件、时间和结果查询并导出，保留期限', roles: ['system', 'auditor'] },
  { key: 'ops', label: '运维状态', summary: '就绪状态、版本、在线实例、最近备份与立即备份、关键配置', roles: ['system'] },
];

export const sectionsFor = (roles: readonly AdminRole[]) => SECTIONS.filter((s) => s.roles.some((r) => roles.includes(r)));
