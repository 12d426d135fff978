/**
 * My notes of a course as a Word document: a title, who and when, then each note under its chapter
 * and position, its line breaks kept. Word and WPS pick a Chinese font for the text themselves; the
 * East Asian font is named so that the document reads the same everywhere.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { anchorLabel, collegeDateTime, notes as N } from '@portal/contract';

const FONT = { ascii: 'Microsoft YaHei', eastAsia: '宋体', hAnsi: 'Microsoft YaHei' };
/** 2026-05-01 14:30 on the college's clock. */
const chinaTime = (iso: string) => collegeDateTime(Date.parse(iso));

export async function notesDocument(input: { courseTitle: string; personName: string; notes: N.Note[]; now: Date }): Promise<Buffer> {
  const run = (text: string, opts: { bold?: boolean; size?: number; color?: string } = {}) => new TextRun({ text, font: FONT, ...opts });
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [run(`学习笔记：${input.courseTitle}`, { bold: true, size: 36 })] }),
    new Paragraph({ children: [run(`学员：${input.personName}\u3000导出时间：${chinaTime(input.now.toISOString())}\u3000共${input.notes.length}条笔记`, { color: '595959' })] }),
  ];
  if (input.notes.length === 0) children.push(new Paragraph({ children: [run('本课程还没有笔记。')] }));
  let chapter: number | null = null;
  for (const n of input.notes) {
    if (n.resourceId !== chapter) {
      chapter = n.resourceId;
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, spacing: { before: 240 }, children: [run(n.resourceTitle, { bold: true, size: 28 })] }));
    }
    const where = anchorLabel(n.resourceKind, n.anchor);
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 160 }, children: [run(where ? `${where}\u3000${n.title}` : n.title, { bold: true, size: 24 })] }));
    for (const line of n.content.split('\n')) children.push(new Paragraph({ children: [run(line)] }));
    children.push(new Paragraph({ children: [run(`更新于 ${chinaTime(n.updatedAt)}`, { color: '595959', size: 18 })] }));
  }
  const doc = new Document({ creator: input.personName, title: `学习笔记：${input.courseTitle}`, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
