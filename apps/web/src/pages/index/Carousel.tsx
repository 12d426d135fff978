/**
 * The flash-news carousel: one picture news at a time, advancing every 5 s (paused on hover, on
 * focus and for people who ask for reduced motion), with previous/next buttons and dots. Each slide
 * opens /pictureNewInfo?id=. Only the first picture loads eagerly; it is the page's largest paint.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { content as contentTypes } from '@portal/contract';
import { content } from '@portal/contract/refs';
import { formatDate } from '../../features/content/format.ts';
import { QueryState, Skeleton } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useDisplay } from '../../lib/display.ts';

const INTERVAL_MS = 5000;

function Slides({ items }: { items: contentTypes.FlashNewsItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(() => typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false));
  const count = items.length;
  // 关怀版: no slide moves by itself (the buttons and dots still move them).
  const care = useDisplay().care;

  useEffect(() => {
    if (paused || care || count < 2) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(t);
  }, [paused, care, count]);

  const go = (i: number) => setIndex((i + count) % count);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="轮播"
      aria-label="图片新闻"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
    >
      <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {items.map((n, i) => (
          <Link
            key={n.id}
            to={`/pictureNewInfo?id=${n.id}`}
            className="carousel-slide"
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
          >
            <img src={n.imageUrl} alt={n.title} width={800} height={450} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} decoding={i === 0 ? 'auto' : 'async'} />
            <span className="carousel-caption">
              <span className="carousel-title">{n.title}</span>
              <span className="carousel-date">{formatDate(n.publishedAt)}</span>
            </span>
          </Link>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="carousel-arrow carousel-prev" aria-label="上一条新闻" onClick={() => go(index - 1)}>
            ‹
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label="下一条新闻" onClick={() => go(index + 1)}>
            ›
          </button>
          <div className="carousel-dots">
            {items.map((n, i) => (
              <button key={n.id} type="button" className="carousel-dot" aria-label={`第${i + 1}条：${n.title}`} aria-current={i === index} onClick={() => go(i)} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

export function FlashNews() {
  const q = useCallQuery(content.findFlashNewByPage, { query: { pageNum: 1, pageSize: 5 } });
  return (
    // The slides' own region is named 图片新闻 (two landmarks of one name would not tell apart).
    <div className="home-carousel">
      <QueryState query={q} isEmpty={(d) => d.list.length === 0} emptyText="暂无图片新闻" skeleton={<div className="carousel-skeleton"><Skeleton rows={1} label="正在加载图片新闻…" /></div>}>
        {(d) => <Slides items={d.list} />}
      </QueryState>
    </div>
  );
}
