/** Pieces every homework and practice page shares: state tags, deadlines, links, the safe text. */
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import type { work as W } from '@portal/contract';
import { work } from '@portal/contract/refs';
import { formatDateTime } from '../learning/format.ts';
import './homework.css';

export const stateLabel = (kind: W.WorkKind, state: W.WorkState) => (kind === 'practice' ? work.PRACTICE_STATE_LABELS : work.WORK_STATE_LABELS)[state];

// A draft is not handed in yet, like 未开始: the plain tag. The theme's "processing" is the college red, which beside 已退回's red would not tell the two apart.
const STATE_COLORS: Record<W.WorkState, string | undefined> = { none: undefined, draft: undefined, submitted: 'warning', passed: 'success', returned: 'error' };

export function WorkStateTag({ kind, state }: { kind: W.WorkKind; state: W.WorkState }) {
  return <Tag color={STATE_COLORS[state]}>{stateLabel(kind, state)}</Tag>;
}

export function LateTag({ late }: { late: boolean }) {
  return late ? <Tag color="warning">迟交</Tag> : null;
}

/** 截止 2026-11-30 18:00（逾期可补交至 12-05 18:00）. */
export function deadlineText(w: Pick<W.WorkItem, 'dueAt' | 'cutoffAt'>): string {
  const due = `截止 ${formatDateTime(w.dueAt)}`;
  return w.cutoffAt ? `${due}（逾期可补交至 ${formatDateTime(w.cutoffAt)}）` : `${due}（逾期仍可提交，记为迟交）`;
}

export function wordLimitText(w: Pick<W.WorkItem, 'minWords' | 'maxWords'>): string {
  if (w.minWords && w.maxWords) return `${w.minWords}至${w.maxWords}字`;
  if (w.minWords) return `不少于${w.minWords}字`;
  if (w.maxWords) return `不超过${w.maxWords}字`;
  return '不限字数';
}

/**
 * The headings of written text placed under the page's own: the text's levels in order, from `top`
 * down, none skipped (a learner's "#### 一、…" under the page's h2 reads as an h3, not an h4 after an h2).
 */
export function nestHeadings(html: string, top = 3): string {
  const used = [...new Set([...html.matchAll(/<h([1-6])[\s>]/gi)].map((m) => Number(m[1])))].sort();
  if (used.length === 0) return html;
  const level = new Map(used.map((l, i) => [l, Math.min(6, top + i)]));
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/gi, (_, close: string, l: string) => `<${close}h${level.get(Number(l))}`);
}

/** HTML the server rendered from Markdown with raw HTML escaped and only safe links kept (work.ts): shown as it is, its headings under the page's. */
export function SafeHtml({ html, label }: { html: string; label?: string }) {
  return <div className="hw-text" aria-label={label} dangerouslySetInnerHTML={{ __html: nestHeadings(html) || '<p>（空）</p>' }} />;
}

const L = '/learningClassroom';
export const hwHref = {
  list: `${L}/myhomework`,
  detail: (workId: number) => `${L}/myhomework1?workId=${workId}`,
  write: (workId: number) => `${L}/myhomework2?workId=${workId}`,
  edit: (workId: number) => `${L}/myhomework3?workId=${workId}`,
  review: (workId: number) => `${L}/myhomework4?workId=${workId}`,
  history: (workId: number) => `${L}/myhomework5?workId=${workId}`,
};

/** A learner's homework page opened without a (valid) workId: where to go instead. */
export function NoWorkChosen() {
  return (
    <Empty description="请从我的作业中选择一项作业">
      <Link to={hwHref.list}>返回我的作业</Link>
    </Empty>
  );
}

export const classHref = {
  works: (classId: number) => `/class/work?classId=${classId}`,
  submissions: (classId: number, workId: number) => `/class/work1?classId=${classId}&workId=${workId}`,
  review: (classId: number, submissionId: number) => `/class/work2?classId=${classId}&submissionId=${submissionId}`,
  practices: (classId: number) => `/class/practice?classId=${classId}`,
  audit: (classId: number, submissionId: number) => `/class/practice1?classId=${classId}&submissionId=${submissionId}`,
};
