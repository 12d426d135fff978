import { describe, expect, it } from 'vitest';
import { renditionsOf } from './renditions.ts';

describe('the renditions of a master playlist', () => {
  it('reads each rendition’s height and address, lowest first, resolved against the master', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-STREAM-INF:BANDWIDTH=2928000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=928000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p/index.m3u8',
    ].join('\r\n');
    expect(renditionsOf(master, 'http://127.0.0.1:3000/uploads/media/7/hls/master.m3u8')).toEqual([
      { height: 360, url: 'http://127.0.0.1:3000/uploads/media/7/hls/360p/index.m3u8' },
      { height: 720, url: 'http://127.0.0.1:3000/uploads/media/7/hls/720p/index.m3u8' },
    ]);
  });
  it('finds none in a media playlist or a rendition without a resolution', () => {
    expect(renditionsOf('#EXTM3U\n#EXTINF:40.0,\nsegment-0.m4s\n#EXT-X-ENDLIST', 'http://h/a/index.m3u8')).toEqual([]);
    expect(renditionsOf('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"\naudio/index.m3u8', 'http://h/master.m3u8')).toEqual([]);
  });
});
