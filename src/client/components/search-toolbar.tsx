import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button.js';

/** The search box's texts (already translated) and its keyword's longest length. */
export interface SearchTexts {
  label: string;
  placeholder: string;
  submit: string;
  maxLength: number;
}

interface SearchBoxProps extends SearchTexts {
  keyword: string;
  onKeyword: (keyword: string) => void;
}

/** A keyword is searched when submitted (Enter or the button), not on every key. */
function SearchBox({ keyword, label, placeholder, submit, maxLength, onKeyword }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(keyword);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onKeyword(text);
  };
  return (
    <form role="search" onSubmit={onSubmit} className="col-span-2 flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        />
        <Button type="submit" className="shrink-0">
          {submit}
        </Button>
      </div>
    </form>
  );
}

interface SearchToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** Its grid's columns from one width on (two columns below), and any other layout class. */
  className: string;
  keyword: string;
  search: SearchTexts;
  onKeyword: (keyword: string) => void;
  /** The filters and sorting selects after the search box (and any action). */
  children: ReactNode;
}

/** Search, filters and sorting above a list (the task, SSL, group, tag and matched-IP lists). */
export function SearchToolbar({ label, className, keyword, search, onKeyword, children }: SearchToolbarProps) {
  return (
    <div role="group" aria-label={label} className={`mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      {/* Keyed by the keyword: when the URL changes it (back, reset), the box starts again from it. */}
      <SearchBox key={keyword} keyword={keyword} onKeyword={onKeyword} {...search} />
      {children}
    </div>
  );
}
