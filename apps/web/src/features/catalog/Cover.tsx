/**
 * A course's, topic's or column's cover picture. One the college saved without a picture (the
 * administration lets a course go out without one) shows its title on the college's colour in the
 * picture's place, instead of an empty box and an image with no address.
 */
import type { ImgHTMLAttributes } from 'react';

type CoverProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & { url: string | null | undefined; title: string; width: number; height: number };

export function Cover({ url, title, className, width, height, ...img }: CoverProps) {
  if (url) return <img src={url} alt="" className={className} width={width} height={height} {...img} />;
  // The frame takes the picture's place and size (the page's class), the blank fills it; decorative
  // as the picture is (alt=""), the title being beside it already.
  return (
    <span className={className ? `${className} cover-frame` : 'cover-frame'} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true">
      <span className="cover-blank">
        <span className="cover-blank-title">{title}</span>
      </span>
    </span>
  );
}
