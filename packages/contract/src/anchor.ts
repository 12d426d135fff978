/** Where a note sits in its chapter, in words the study page and the exported document share. */

/** 0:12, 1:02:05, or 第3页 for a PDF; empty for a note about the whole chapter. */
export function anchorLabel(kind: 'video' | 'pdf' | 'live', anchor: number | null): string {
  if (anchor === null) return '';
  if (kind === 'pdf') return `第${anchor}页`;
  const h = Math.floor(anchor / 3600);
  const m = Math.floor((anchor % 3600) / 60);
  const s = String(anchor % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same position as a sentence says it: 第3分12秒, 第1小时2分5秒, 第12秒, or 第3页; empty for a whole chapter. */
export function anchorWords(kind: 'video' | 'pdf' | 'live', anchor: number | null): string {
  if (anchor === null) return '';
  if (kind === 'pdf') return `第${anchor}页`;
  const h = Math.floor(anchor / 3600);
  const m = Math.floor((anchor % 3600) / 60);
  const s = anchor % 60;
  return `第${h > 0 ? `${h}小时${m}分` : m > 0 ? `${m}分` : ''}${s}秒`;
}
