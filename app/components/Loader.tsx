export interface LoaderProps {
  /** SPEC.md §2: the loading indicator reads 'Please wait'. */
  text?: string;
  /** Centre it in a tall block instead of inline. */
  block?: boolean;
}

export function Loader({ text = "Please wait", block = false }: LoaderProps) {
  return (
    <div
      className={block ? "loader loader--block" : "loader"}
      role="status"
      aria-live="polite"
    >
      <span className="loader__spinner" aria-hidden="true" />
      <span className="loader__text">{text}</span>
    </div>
  );
}
