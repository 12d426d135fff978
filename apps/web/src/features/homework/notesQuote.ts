/**
 * 用笔记写心得: a course's notes as the plain text a learner would paste into a 心得体会 — a line
 * naming the course, then one paragraph per note: where it was taken (chapter and position in words)
 * and its text. No Markdown signs reach the draft: a note written with headings, bold or list marks
 * is quoted as its words.
 */
import type { notes as N } from '@portal/contract';
import { anchorLabel, anchorWords, bookTitle } from '@portal/contract/base';

/** A note's text without Markdown markup: quote, heading and bullet marks, emphasis, code and links; blank lines and rules dropped. */
export function plainText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s*(?:>\s?)+/, '')
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*[-*+]\s+/, '')
        .replace(/!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
        .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
        .replace(/(^|[^*])\*([^*\n]+)\*(?!\*)/g, '$1$2')
        .replace(/`([^`]*)`/g, '$1')
        .trim(),
    )
    .filter((line) => line !== '' && !/^([-*_])(\s*\1){2,}$/.test(line))
    .join('\n');
}

/** One note: “chapter position（title）：” on its first line (the title left out when it is the one the study page proposes, the chapter and position), then its text. */
function noteParagraph(n: N.Note): string {
  const where = [n.resourceTitle, anchorWords(n.resourceKind, n.anchor)].filter(Boolean).join(' ');
  const proposed = `${n.resourceTitle}${n.anchor === null ? '' : ` ${anchorLabel(n.resourceKind, n.anchor)}`}`;
  const title = plainText(n.title).replace(/\n/g, ' ');
  const head = title && title !== proposed && title !== n.resourceTitle ? `${where}（${title}）：` : `${where}：`;
  const text = plainText(n.content);
  return text ? `${head}\n${text}` : head;
}

/** The notes of one course as plain text, or '' when there are none. */
export function notesQuote(list: N.Note[]): string {
  if (list.length === 0) return '';
  return [`学习笔记摘录（${bookTitle(list[0]!.courseTitle)}）`, ...list.map(noteParagraph)].join('\n\n');
}
