/**
 * The renditions a master playlist lists (its #EXT-X-STREAM-INF lines with a RESOLUTION), for 清晰度
 * where the browser plays HLS itself and so offers no choice of its own: each rendition's height and
 * the address of its media playlist, resolved against the master's. A media playlist (one rendition)
 * lists none.
 */
export interface Rendition {
  height: number;
  url: string;
}

export function renditionsOf(playlist: string, masterUrl: string): Rendition[] {
  const lines = playlist.split(/\r?\n/).map((l) => l.trim());
  const found: Rendition[] = [];
  lines.forEach((line, i) => {
    const height = /^#EXT-X-STREAM-INF:.*\bRESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (height && uri) found.push({ height: Number(height), url: new URL(uri, masterUrl).href });
  });
  // Lowest first, as hls.js orders its levels.
  return found.sort((a, b) => a.height - b.height);
}
