/**
 * A labelled search form: submits the trimmed text (Enter or 搜索); 清除 empties it.
 *
 * The box keeps its own text (an uncontrolled input): on a page rendered on the server, what a visitor
 * types before the scripts have arrived stays and is what 搜索 searches for (the press itself is kept
 * by the server's boot script). A new value from the address (清除, back) is written into the box.
 */
import { useEffect, useRef, type FormEvent } from 'react';

export function SearchBox({ value, onSearch, label, placeholder }: { value: string; onSearch: (text: string) => void; label: string; placeholder?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (input.current) input.current.value = value;
  }, [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch((input.current?.value ?? '').trim());
  };
  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <input ref={input} type="search" name="keyword" aria-label={label} placeholder={placeholder} defaultValue={value} maxLength={50} />
      <button type="submit" className="btn btn-primary">
        搜索
      </button>
      {value ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            if (input.current) input.current.value = '';
            onSearch('');
          }}
        >
          清除
        </button>
      ) : null}
    </form>
  );
}
