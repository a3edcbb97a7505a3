import { SearchIcon } from "../page-icons";
import "./SearchField.css";

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Shown while the search runs on the server. */
  busy?: boolean;
  /** The field's name in a form that searches without JavaScript. */
  name?: string;
}

/** SPEC.md §2: Friends and Find People each have a 'Search friend here' filter. */
export function SearchField({
  value,
  onChange,
  busy = false,
  name,
}: SearchFieldProps) {
  return (
    <div className="social-search">
      <SearchIcon size={18} className="social-search__icon" />
      <input
        type="search"
        name={name}
        className="social-search__input"
        placeholder="Search friend here"
        aria-label="Search friend here"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={60}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {busy ? (
        <span className="social-search__spinner" aria-hidden="true" />
      ) : null}
    </div>
  );
}
