import { describe, expect, it } from 'vitest';
import { wordCount, work } from '@portal/contract';
import { diffTexts, sentences } from './diff.ts';
import { renderMarkdown } from './markdown.ts';
import { cleanFileName, workFileTypeOf } from './files.ts';

describe('the homework text (Markdown, raw HTML off)', () => {
  it('renders paragraphs, headings, emphasis, lists and quotes, and escapes everything else', () => {
    expect(renderMarkdown('## 一、认识\n\n第一段**重点**，*强调*。\n第二行\n\n- 甲\n- 乙\n\n1. 一\n2. 二\n\n> 引文')).toBe(
      '<h4>一、认识</h4>\n<p>第一段<strong>重点</strong>，<em>强调</em>。<br>第二行</p>\n<ul><li>甲</li><li>乙</li></ul>\n<ol><li>一</li><li>二</li></ol>\n<blockquote><p>引文</p></blockquote>',
    );
    const evil = renderMarkdown('<b onclick="x">粗</b> [点我](javascript:alert(1)) "引号" & 符号');
    expect(evil).toBe('<p>&lt;b onclick=&quot;x&quot;&gt;粗&lt;/b&gt; 点我 &quot;引号&quot; &amp; 符号</p>');
  });

  it('counts Chinese characters and Latin words, not markup or punctuation', () => {
    expect(wordCount('## 学习体会\n\n**深化改革**，推进 Chinese modernization 2026。')).toBe(4 + 4 + 2 + 3);
    expect(wordCount('')).toBe(0);
  });
});

describe('the changes between two versions', () => {
  it('splits sentences at Chinese and Latin ends and line breaks', () => {
    expect(sentences('第一句。第二句！\n第三句')).toEqual(['第一句。', '第二句！', '\n', '第三句']);
  });

  it('shows a corrected word as that word, and new sentences whole', () => {
    const parts = diffTexts('我是财政干部。要加强监管。', '我是基层财政干部。要加强监管。还要完善制度。');
    expect(parts).toEqual([
      { op: 'equal', text: '我是' },
      { op: 'insert', text: '基层' },
      { op: 'equal', text: '财政干部。要加强监管。' },
      { op: 'insert', text: '还要完善制度。' },
    ]);
    const rewritten = diffTexts('原来的句子。', '完全不同的表述方式。');
    expect(rewritten).toEqual([
      { op: 'delete', text: '原来的句子。' },
      { op: 'insert', text: '完全不同的表述方式。' },
    ]);
    expect(diffTexts('相同。', '相同。')).toEqual([{ op: 'equal', text: '相同。' }]);
  });
});

describe('attachments by content', () => {
  it('knows PDF, Office and images by their bytes, whatever their names say', () => {
    expect(workFileTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(workFileTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(workFileTypeOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml xl/workbook.xml')]))).toBe('xlsx');
    expect(workFileTypeOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('just a zip')]))).toBeNull();
    const ole = (stream: string) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100), Buffer.from(stream, 'utf16le')]);
    expect(workFileTypeOf(ole('WordDocument'))).toBe('doc');
    expect(workFileTypeOf(ole('Workbook'))).toBe('xls');
    expect(workFileTypeOf(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(work.workFileTypeOfName('照片.JPEG')).toBe('jpg');
    expect(work.workFileTypeOfName('说明')).toBeNull();
    expect(work.workFileTypeOfName('心得.txt')).toBeNull();
    expect(cleanFileName('C:\\Users\\张三\\心得"体会".docx', 'docx')).toBe('心得体会.docx');
    expect(cleanFileName('', 'pdf')).toBe('附件.pdf');
  });
});
