import { formatCount } from "../lib/format";
import { pageRange } from "../lib/pager";
import { countOf } from "../lib/plural";
import { Pager } from "./Pager";
import "./tablePager.css";

interface TablePagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the rows are, for the range's count ("842 diseases"). */
  noun?: string;
  onChange: (page: number) => void;
  /** The pager's name for assistive technology ("Postsynaptic proteins pages"). */
  label: string;
  testId: string;
  rangeTestId: string;
}

/** A paged table's foot: the rows shown of how many, and its pager (a window of five pages). */
export function TablePager({
  page,
  pageSize,
  total,
  noun = "result",
  onChange,
  label,
  testId,
  rangeTestId,
}: TablePagerProps) {
  const range = pageRange(page, pageSize, total);
  return (
    <div className="table-pager">
      <p className="muted small" data-testid={rangeTestId}>
        Showing {formatCount(range.from)} to {formatCount(range.to)} of {countOf(total, noun)}
      </p>
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        windowSize={5}
        onChange={onChange}
        label={label}
        testId={testId}
      />
    </div>
  );
}
