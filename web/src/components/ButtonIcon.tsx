/** The line icon before a button's label (API, download, refresh): one stroked path on a 20 px grid. */
export function ButtonIcon({ path }: { path: string }) {
  return (
    <svg className="btn-icon" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
