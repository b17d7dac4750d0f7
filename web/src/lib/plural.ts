import { formatCount } from "./format";

/** English plural categories ("one", "other"), made once when a count is first written. */
let rules: Intl.PluralRules | null = null;

/** The form of `noun` for `count`: `plural(1, "gene")` is "gene", `plural(2, "gene")` "genes". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  rules ??= new Intl.PluralRules("en-US");
  return rules.select(count) === "one" ? noun : pluralNoun;
}

/** A count with its noun: `countOf(1, "disease")` is "1 disease", `countOf(1200, "gene")` "1,200 genes". */
export function countOf(count: number, noun: string, pluralNoun?: string): string {
  return `${formatCount(count)} ${plural(count, noun, pluralNoun)}`;
}
