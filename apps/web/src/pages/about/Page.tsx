/** /about: the college overview: its text sections, pictures of the college and its education notices (paged). */
import { useState } from 'react';
import { content } from '@portal/contract/refs';
import { NoticeList } from '../../features/content/NoticeList.tsx';
import { Pager } from '../../features/content/Pager.tsx';
import { RichText } from '../../features/content/RichText.tsx';
import { QueryState } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import '../../features/content/public.css';
import './about.css';

const NOTICE_PAGE_SIZE = 8;

function EducationNotices() {
  const [page, setPage] = useState(1);
  const q = useCallQuery(content.findEducationAffiche, { query: { pageNum: page, pageSize: NOTICE_PAGE_SIZE } }, { keepPrevious: true });
  return (
    <section className="panel" aria-labelledby="about-notices">
      <h2 id="about-notices" className="panel-title about-panel-title">
        教育教学通知
      </h2>
      <QueryState query={q} rows={6} isEmpty={(d) => d.list.length === 0} emptyText="暂无教育教学通知">
        {(d) => (
          <>
            <NoticeList items={d.list} />
            <Pager page={page} pageSize={NOTICE_PAGE_SIZE} total={d.total} onChange={setPage} label="教育教学通知分页" />
          </>
        )}
      </QueryState>
    </section>
  );
}

export default function AboutPage() {
  const about = useCallQuery(content.findAbout, {});
  const images = useCallQuery(content.findImg, {});
  return (
    <div className="page-container">
      <h1 className="page-title">学院概况</h1>
      <div className="about-layout">
        <div className="about-main">
          <QueryState query={about} rows={10} isEmpty={(d) => d.length === 0} emptyText="学院简介正在整理中">
            {(sections) => (
              <>
                {sections.map((s) => (
                  <section key={s.id} className="panel about-section" aria-labelledby={`about-${s.id}`}>
                    <h2 id={`about-${s.id}`} className="panel-title about-panel-title">
                      {s.title}
                    </h2>
                    <RichText html={s.body} />
                  </section>
                ))}
              </>
            )}
          </QueryState>
          <section className="panel about-section" aria-labelledby="about-images">
            <h2 id="about-images" className="panel-title about-panel-title">
              学院风采
            </h2>
            <QueryState query={images} rows={4} isEmpty={(d) => d.length === 0} emptyText="暂无学院图片">
              {(list) => (
                <ul className="about-gallery">
                  {list.map((img) => (
                    <li key={img.id}>
                      <figure>
                        <img src={img.imageUrl} alt="" width={800} height={500} loading="lazy" decoding="async" />
                        <figcaption>{img.title}</figcaption>
                      </figure>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </section>
        </div>
        <aside className="about-side">
          <EducationNotices />
        </aside>
      </div>
    </div>
  );
}
