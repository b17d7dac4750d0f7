import { type InputHTMLAttributes, useId } from "react";
import { SEARCH_MAX_LENGTH } from "../lib/searchInput";

/**
 * A search input whose label only screen readers see (the placeholder tells sighted users what to
 * type), capped at the length every search of the portal accepts.
 */
export function SearchField({
  label,
  className,
  ...input
}: { label: string; className: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "maxLength" | "className"
>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" maxLength={SEARCH_MAX_LENGTH} className={className} {...input} />
    </>
  );
}
