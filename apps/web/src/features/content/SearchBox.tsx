/** A labelled search form: submits the trimmed text (Enter or 搜索); 清除 empties it. */
import { useEffect, useState, type FormEvent } from 'react';

export function SearchBox({ value, onSearch, label, placeholder }: { value: string; onSearch: (text: string) => void; label: string; placeholder?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <input type="search" aria-label={label} placeholder={placeholder} value={text} maxLength={50} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn-primary">
        搜索
      </button>
      {value ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          清除
        </button>
      ) : null}
    </form>
  );
}
