import { createContext, type ReactNode, useContext } from "react";

/**
 * The level of the headings inside a region (a card's tab panels): a record page's card is the page's
 * h1, so its mini-cards are h2; a search result's card is an h2, so its mini-cards are h3. Headings
 * that skip a level confuse screen-reader navigation (axe's heading-order).
 */
const HeadingLevelContext = createContext(4);

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/** Headings drawn with SectionHeading inside `children` are of `level`. */
export function HeadingLevel({ level, children }: { level: Level; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** A heading at the level of its region (HeadingLevel). */
export function SectionHeading({
  className,
  id,
  testId,
  children,
}: {
  className?: string;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  const Tag = `h${useContext(HeadingLevelContext)}` as `h${Level}`;
  return (
    <Tag className={className} id={id} data-testid={testId}>
      {children}
    </Tag>
  );
}
