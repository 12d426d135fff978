/**
 * The word count (字数) of a homework text, the same on the page and on the server: the Markdown
 * source without its markup, counting each Chinese character, each Latin word and each number as one.
 * Pure and free of schemas, so that the editor's first load may use it.
 */
const MARKUP = /^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)|[*_`~#>[\]()!|]/gm;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z0-9]+(?:[.'’-][A-Za-z0-9]+)*/g;

export function wordCount(markdown: string): number {
  const text = markdown.replace(/\]\((?:[^()]|\([^()]*\))*\)/g, ']').replace(MARKUP, ' ');
  const han = text.match(HAN)?.length ?? 0;
  const latin = text.replace(HAN, ' ').match(LATIN)?.length ?? 0;
  return han + latin;
}
