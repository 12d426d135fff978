/**
 * The homework text format: a small Markdown (paragraphs and line breaks, headings #–###, **bold**,
 * *italic*, lists - and 1., > quotes) rendered on the server with every character of the source
 * escaped first, so no HTML, attribute or link of the learner's ever reaches a page: the result is
 * safe to insert as it is. Links are shown as their text (a 心得体会 needs none).
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Drops control characters (tabs and newlines kept) and normalises line ends. */
export function cleanText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u2028\u2029\ufeff]/g, '');
}

function inline(s: string): string {
  return escape(s)
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\n]+)\*(?!\*)/g, '$1<em>$2</em>');
}

export function renderMarkdown(source: string): string {
  const lines = cleanText(source).split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  let quote: string[] = [];
  const flushPara = () => {
    if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  const flushQuote = () => {
    if (quote.length) out.push(`<blockquote><p>${quote.map(inline).join('<br>')}</p></blockquote>`);
    quote = [];
  };
  const flushAll = () => {
    flushPara();
    flushList();
    flushQuote();
  };
  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '');
    let m: RegExpMatchArray | null;
    if (line.trim() === '') flushAll();
    else if ((m = /^\s{0,3}(#{1,3})\s+(.*)$/.exec(line))) {
      flushAll();
      const level = m[1]!.length + 2; // h3–h5: the page has its own h1 and h2
      out.push(`<h${level}>${inline(m[2]!)}</h${level}>`);
    } else if ((m = /^\s{0,3}>\s?(.*)$/.exec(line))) {
      flushPara();
      flushList();
      quote.push(m[1]!);
    } else if ((m = /^\s{0,3}(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line))) {
      flushPara();
      flushQuote();
      const tag = m[1] ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(m[3]!);
    } else {
      flushList();
      flushQuote();
      para.push(line.trim());
    }
  }
  flushAll();
  return out.join('\n');
}
