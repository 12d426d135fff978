/**
 * A title as a sentence names it, between book-title marks: 《title》. A title that is one book title
 * already (《行政复议法》) is left as it is; a title that contains one (《…纲要》专题学习体会) gets
 * its inner marks as 〈〉, the nesting of GB/T 15834-2011 (4.15.3), rather than 《《…纲要》专题学习体会》.
 */
export function bookTitle(title: string): string {
  if (/^《[^《》]*》$/.test(title)) return title;
  return `《${title.replace(/《/g, '〈').replace(/》/g, '〉')}》`;
}
