/** A plain-text body (paragraphs separated by blank lines) as paragraphs; never HTML. */
import { paragraphsOf } from './format.ts';

export function Paragraphs({ body, className = 'article-body' }: { body: string; className?: string }) {
  return (
    <div className={className}>
      {paragraphsOf(body).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
