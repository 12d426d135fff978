/**
 * An item as a visitor will see it: news and notices through the public pages' own article
 * components, the about page's sections through its rich text, the others as their lists show them.
 */
import type { adminContent as AC } from '@portal/contract';
import { NewsArticle, NoticeArticle } from '../../../features/content/articles.tsx';
import { RichText } from '../../../features/content/RichText.tsx';
import '../../../features/content/public.css';

type Values = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function Preview({ kind, values, publishedAt }: { kind: AC.ContentKind; values: Values; publishedAt: string }) {
  const common = { title: text(values.title), source: text(values.source), publishedAt, body: text(values.body) };
  switch (kind) {
    case 'news':
      return <NewsArticle n={{ ...common, imageUrl: text(values.imageUrl) }} />;
    case 'notice':
      return <NoticeArticle n={{ ...common, attachments: (values.attachments as AC.UploadedContentFile[] | undefined) ?? [] }} />;
    case 'about':
      return (
        <section className="panel about-section">
          <h2 className="panel-title about-panel-title">{common.title}</h2>
          <RichText html={common.body} />
        </section>
      );
    case 'faq':
      return (
        <dl className="article">
          <dt>
            <strong>{text(values.groupName)}</strong>：{text(values.question)}
          </dt>
          <dd style={{ whiteSpace: 'pre-wrap' }}>{text(values.answer)}</dd>
        </dl>
      );
    case 'carousel':
      return (
        <figure>
          <img src={text(values.imageUrl)} alt={common.title} width={800} height={500} style={{ maxWidth: '100%', height: 'auto' }} />
          <figcaption>{common.title}</figcaption>
        </figure>
      );
    case 'download': {
      const f = values.file as AC.UploadedContentFile | undefined;
      return (
        <p className="article">
          {common.title}（{f?.name ?? '未上传文件'}）
        </p>
      );
    }
    case 'link':
      return (
        <a href={text(values.url)} target="_blank" rel="noopener noreferrer">
          {text(values.name)}
        </a>
      );
  }
}
