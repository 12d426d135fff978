/** The home page's first-screen panels: ticker, notices, live figures; each loads on its own. */
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { content as contentTypes } from '@portal/contract';
import { content } from '@portal/contract/refs';
import { BarList } from '../../features/content/BarList.tsx';
import { formatCount, formatDate, formatHours } from '../../features/content/format.ts';
import { QueryState, Skeleton } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { Panel } from './Panel.tsx';
import { useDisplay } from '../../lib/display.ts';

/** How long each real-time notice stays before the next moves up. */
const TICKER_MS = 4000;

/**
 * One notice at a time, the next moving up every 4 s (paused while the pointer is over it; for people
 * who ask for reduced motion, all of them listed and still). Between moves nothing on the page is
 * animated: a marquee that never stopped kept the browser compositing frames for as long as the page
 * was open, which on a PC without graphics acceleration is a core's worth of work taken from the page.
 * The first notice is copied after the last, so the move from the last back to the first is upward too.
 */
function TickerTrack({ items }: { items: contentTypes.RealTimeNotice[] }) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [instant, setInstant] = useState(false);
  const [paused, setPaused] = useState(false);
  // 关怀版: the notices stand still (display.css lists them all).
  const care = useDisplay().care;

  useEffect(() => {
    if (paused || care || count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const t = setInterval(() => {
      setInstant(false);
      setIndex((i) => (i >= count ? 1 : i + 1));
    }, TICKER_MS);
    return () => clearInterval(t);
  }, [paused, care, count]);

  return (
    <div className="ticker-window" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      <ul
        className={instant ? 'ticker-track ticker-instant' : 'ticker-track'}
        style={{ '--ticker-index': index } as CSSProperties}
        onTransitionEnd={() => {
          // On the copy of the first notice: back to the first itself, without moving.
          if (index >= count) {
            setInstant(true);
            setIndex(0);
          }
        }}
      >
        {[...items, ...items.slice(0, 1)].map((n, i) => (
          <li key={`${n.id}-${i}`} aria-hidden={i >= count ? true : undefined} title={n.content}>
            {n.content}
            <span className="ticker-date">{formatDate(n.publishedAt)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Ticker() {
  const q = useCallQuery(content.findNoticeList, { query: { size: 10 } });
  const items = q.data ?? [];
  if (q.isError || (q.isSuccess && items.length === 0)) return null;
  return (
    <div className="ticker" aria-label="实时通知">
      <span className="ticker-label" aria-hidden="true">
        实时通知
      </span>
      {q.isPending ? (
        <div className="ticker-window">
          <span className="ticker-loading">正在加载实时通知…</span>
        </div>
      ) : (
        <TickerTrack items={items} />
      )}
    </div>
  );
}

export function Notices() {
  const q = useCallQuery(content.findAfficheByPage, { query: { pageNum: 1, pageSize: 7 } });
  return (
    <Panel id="home-notices" title="通知公告" more={{ to: '/noticeList', text: '更多' }} className="home-notices">
      <QueryState query={q} rows={7} isEmpty={(d) => d.list.length === 0} emptyText="暂无通知公告">
        {(d) => (
          <ul className="title-list">
            {d.list.map((n) => (
              <li key={n.id}>
                {n.pinned ? <span className="tag tag-pinned">置顶</span> : null}
                <Link to={`/noticeInfo?id=${n.id}`} title={n.title}>
                  {n.title}
                </Link>
                <span className="date">{formatDate(n.publishedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export function LiveFigures() {
  const figures = useCallQuery(content.realTimeData, {}, { staleTime: 30_000 });
  const cities = useCallQuery(content.registerNum, {});
  return (
    <Panel id="home-figures" title="实时数据" className="home-figures">
      <QueryState query={figures} skeleton={<div className="figures-slot"><Skeleton rows={2} label="正在加载实时数据…" /></div>}>
        {(f) => (
          <dl className="figures">
            <div>
              <dt>当前在线</dt>
              <dd>{formatCount(f.onlineNow)}</dd>
            </div>
            <div>
              <dt>今日学习人数</dt>
              <dd>{formatCount(f.todayLearners)}</dd>
            </div>
            <div>
              <dt>今日学时</dt>
              <dd>{formatHours(f.todayHours)}</dd>
            </div>
            <div>
              <dt>累计学时</dt>
              <dd>{formatCount(Math.round(f.totalHours))}</dd>
            </div>
            <div>
              <dt>注册学员</dt>
              <dd>{formatCount(f.registered)}</dd>
            </div>
          </dl>
        )}
      </QueryState>
      <h3 className="sub-title">各市注册人数</h3>
      <QueryState query={cities} skeleton={<div className="city-slot"><Skeleton rows={5} label="正在加载各市注册人数…" /></div>} isEmpty={(d) => d.length === 0} emptyText="暂无注册数据">
        {(d) => (
          <div className="city-bars">
            <BarList
              label="各市注册人数"
              ranked={false}
              rows={d.map((c) => ({ key: c.cityId, name: c.cityName, value: c.count, valueText: `${formatCount(c.count)}人` }))}
            />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
