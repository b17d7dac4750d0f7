import type { ReactNode } from "react";

/**
 * Renders the release's provenance text (Markdown) as simple blocks: headings,
 * paragraphs, bullet lists and pipe tables; inline `code` and **bold**. No HTML is
 * interpreted; anything else is shown as plain text.
 */
type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; rows: string[][] };

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length, text: heading[2]!.trim() });
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i] ?? "")) {
        const cells = (lines[i] ?? "")
          .trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((cell) => cell.trim());
        if (!cells.every((cell) => /^:?-{2,}:?$/.test(cell))) rows.push(cells);
        i++;
      }
      blocks.push({ kind: "table", rows });
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (lines[i] ?? "").trim()) {
        const current = lines[i] ?? "";
        if (/^\s*[-*]\s+/.test(current)) items.push(current.replace(/^\s*[-*]\s+/, ""));
        else if (items.length > 0) items[items.length - 1] += ` ${current.trim()}`;
        i++;
      }
      blocks.push({ kind: "list", items });
      continue;
    }
    const parts: string[] = [];
    while (i < lines.length) {
      const current = lines[i] ?? "";
      if (
        !current.trim() ||
        /^(#{1,6})\s/.test(current) ||
        /^\s*\|/.test(current) ||
        /^\s*[-*]\s+/.test(current)
      )
        break;
      parts.push(current.trim());
      i++;
    }
    blocks.push({ kind: "paragraph", text: parts.join(" ") });
  }
  return blocks;
}

function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const token = match[0];
    if (token.startsWith("`")) nodes.push(<code key={key++}>{token.slice(1, -1)}</code>);
    else nodes.push(<strong key={key++}>{token.slice(2, -2)}</strong>);
    last = index + token.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function ProvenanceText({ text }: { text: string }) {
  const blocks = parseBlocks(text);
  if (blocks.length === 0) return <p className="muted">No provenance text was recorded for this release.</p>;
  return (
    <div className="provenance" data-testid="provenance-text">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        switch (block.kind) {
          case "heading": {
            const level = Math.min(6, block.level + 2);
            const Tag = `h${level}` as "h3" | "h4" | "h5" | "h6";
            return <Tag key={key}>{inline(block.text)}</Tag>;
          }
          case "paragraph":
            return <p key={key}>{inline(block.text)}</p>;
          case "list":
            return (
              <ul key={key}>
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </ul>
            );
          case "table": {
            const [head, ...body] = block.rows;
            return (
              // A table wider than a phone scrolls sideways: its region is reachable from the keyboard.
              <section
                key={key}
                className="table-wrap"
                aria-label={head ? `Table: ${head.join(", ")}` : "Table"}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the wide table
                tabIndex={0}
              >
                <table className="data-table is-compact">
                  {head && (
                    <thead>
                      <tr>
                        {head.map((cell, cellIndex) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                          <th key={cellIndex} scope="col">
                            {inline(cell)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                  )}
                  <tbody>
                    {body.map((row, rowIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                      <tr key={rowIndex}>
                        {row.map((cell, cellIndex) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                          <td key={cellIndex}>{inline(cell)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
