import { useQuery } from "@apollo/client/react";
import { print } from "graphql";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { clip, ER_GEOMETRY, type ErBox, type ErEdge, layoutErDiagram, nameRoom } from "../../lib/erLayout";
import { explorerHref } from "../../lib/explorerLink";
import { formatCount } from "../../lib/format";
import { databaseSchemaQuery } from "./erDiagram.queries";
import "../../components/stackedTable.css";
import "./erDiagram.css";
import { plural } from "../../lib/plural";

const TITLE = "Synaptic Proteomic Database - ER Diagram";

/** Okabe–Ito colours per legend group (stroke) with a light tint for the header. */
export const KIND_COLOURS: Record<string, { stroke: string; tint: string; text: string }> = {
  core: { stroke: "#0072B2", tint: "#e0eef7", text: "#005a8c" },
  junction: { stroke: "#E69F00", tint: "#fcf0d6", text: "#7a5000" },
  external: { stroke: "#009E73", tint: "#dcf2ea", text: "#00664a" },
  api: { stroke: "#CC79A7", tint: "#f7e6ef", text: "#8f3f6e" },
  go: { stroke: "#D55E00", tint: "#f9e3d6", text: "#9c4200" },
};
const fallbackColour = { stroke: "#7F7F7F", tint: "#eeeeee", text: "#4a4a4a" };
const colourOf = (kind: string) => KIND_COLOURS[kind] ?? fallbackColour;

/** Crow's foot (many) at the referring end; a double bar (exactly one) at the referenced end. */
function EdgeEnds({ edge }: { edge: ErEdge }) {
  const { start, end } = edge;
  const s = start.dir;
  const e = end.dir;
  return (
    <>
      <path
        d={`M${start.x + s * 12},${start.y} L${start.x},${start.y - 6} M${start.x + s * 12},${start.y} L${start.x},${start.y} M${start.x + s * 12},${start.y} L${start.x},${start.y + 6}`}
      />
      <path
        d={`M${end.x + e * 6},${end.y - 6} L${end.x + e * 6},${end.y + 6} M${end.x + e * 10},${end.y - 6} L${end.x + e * 10},${end.y + 6}`}
      />
    </>
  );
}

function TableBox({
  box,
  active,
  onHover,
}: {
  box: ErBox;
  active: boolean;
  onHover: (name: string | null) => void;
}) {
  const g = ER_GEOMETRY;
  const colour = colourOf(box.kind);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse-only visual aid; the table list below carries the same information
    <g
      className={`er-box${active ? " is-active" : ""}`}
      data-table={box.name}
      onMouseEnter={() => onHover(box.name)}
      onMouseLeave={() => onHover(null)}
    >
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={6}
        fill="#ffffff"
        stroke={colour.stroke}
        strokeWidth={active ? 2.5 : 1.5}
      />
      <path
        d={`M${box.x + 0.75},${box.y + g.headerHeight} V${box.y + 6} a5.25,5.25 0 0 1 5.25,-5.25 H${box.x + box.width - 6} a5.25,5.25 0 0 1 5.25,5.25 V${box.y + g.headerHeight} Z`}
        fill={colour.tint}
      />
      <line
        x1={box.x}
        x2={box.x + box.width}
        y1={box.y + g.headerHeight}
        y2={box.y + g.headerHeight}
        stroke={colour.stroke}
      />
      <text x={box.x + 10} y={box.y + 20} className="er-box-name">
        {clip(box.name, nameRoom(box.width, 10, formatCount(box.rowCount).length, 8))}
      </text>
      <text x={box.x + box.width - 10} y={box.y + 20} className="er-box-count" textAnchor="end">
        {formatCount(box.rowCount)}
      </text>
      {box.rows.map((row) => {
        const key = row.primary ? "PK" : row.references ? "FK" : "";
        return (
          <g key={row.name}>
            <title>{`${row.name} ${row.type}${row.primary ? ", primary key" : ""}${row.references ? `, references ${row.references}` : ""}`}</title>
            {key && (
              <text x={box.x + 10} y={row.y + 4} className={`er-key er-key-${key.toLowerCase()}`}>
                {key}
              </text>
            )}
            <text x={box.x + 34} y={row.y + 4} className={`er-col-name${row.primary ? " is-primary" : ""}`}>
              {clip(row.name, nameRoom(box.width, 34, clip(row.type, 12).length))}
            </text>
            <text x={box.x + box.width - 10} y={row.y + 4} className="er-col-type" textAnchor="end">
              {clip(row.type, 12)}
            </text>
          </g>
        );
      })}
      {box.hiddenColumns > 0 && (
        <text
          x={box.x + 34}
          y={box.y + g.headerHeight + box.rows.length * g.rowHeight + g.rowHeight / 2 + 4}
          className="er-more"
        >
          + {box.hiddenColumns} more {plural(box.hiddenColumns, "column")}
        </text>
      )}
    </g>
  );
}

/** The database schema, drawn from the gateway's ORM metadata (the databaseSchema query). */
export default function ErDiagramPage() {
  useDocumentTitle(
    TITLE,
    "An entity-relationship diagram of the portal's database: its tables grouped by kind, and which column of each refers to which key.",
  );
  const { data, loading, error } = useQuery(databaseSchemaQuery);
  const schema = data?.databaseSchema;
  const [hovered, setHovered] = useState<string | null>(null);
  const layout = useMemo(() => (schema ? layoutErDiagram(schema.tables, schema.relations) : null), [schema]);
  const labelOf = useMemo(() => new Map((schema?.kinds ?? []).map((k) => [k.key, k.label])), [schema]);
  const touches = (edge: ErEdge) => edge.from.fromTable === hovered || edge.from.toTable === hovered;

  return (
    <div className="page" data-testid="er-diagram-page">
      <header className="page-header">
        <h1>{TITLE}</h1>
        <p className="page-subtitle">
          The tables of this portal's database as the gateway maps them, grouped by kind. Lines join a
          referring column (crow's foot, many) to the key it refers to (bar, one).
        </p>
      </header>

      {loading && !schema && <Spinner label="Loading the database schema..." />}
      {error && !schema && <p className="error-text">Failed to load the database schema: {error.message}</p>}

      {schema && layout && (
        <>
          <div className="er-toolbar">
            <ul className="er-legend" aria-label="Legend" data-testid="er-legend">
              {schema.kinds.map((kind) => (
                <li key={kind.key} title={kind.rule}>
                  <span
                    className="er-swatch"
                    aria-hidden="true"
                    style={{ background: colourOf(kind.key).tint, borderColor: colourOf(kind.key).stroke }}
                  />
                  {kind.label}
                </li>
              ))}
              <li>
                <span className="er-key er-key-pk er-legend-key">PK</span> primary key
              </li>
              <li>
                <span className="er-key er-key-fk er-legend-key">FK</span> reference
              </li>
              <li>
                <svg width="34" height="14" aria-hidden="true" className="er-legend-line">
                  <path d="M2,7 H32 M2,1 L12,7 L2,13 M28,1 V13 M24,1 V13" />
                </svg>
                many to one
              </li>
            </ul>
            <Link to={explorerHref(print(databaseSchemaQuery))} className="btn btn-small btn-secondary">
              Open the schema query in the explorer
            </Link>
          </div>

          <figure className="er-figure">
            <section
              className="er-scroll"
              aria-label="Diagram (scrolls in both directions)"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the diagram
              tabIndex={0}
              data-testid="er-scroll"
            >
              <svg
                className="er-svg"
                viewBox={`0 0 ${layout.width} ${layout.height}`}
                width={layout.width}
                height={layout.height}
                role="img"
                aria-labelledby="er-svg-title er-svg-desc"
                data-testid="er-svg"
              >
                <title id="er-svg-title">{TITLE}</title>
                <desc id="er-svg-desc">
                  {`${schema.tables.length} tables and ${schema.relations.length} references; the same information is listed as text below the diagram.`}
                </desc>
                {layout.labels.map((label) => (
                  <text
                    key={label.kind}
                    x={label.x}
                    y={label.y}
                    className="er-group-label"
                    fill={colourOf(label.kind).text}
                  >
                    {labelOf.get(label.kind) ?? label.kind}
                  </text>
                ))}
                <g className="er-edges" data-testid="er-edges">
                  {layout.edges.map((edge) => (
                    <g
                      key={`${edge.from.fromTable}.${edge.from.fromColumn}`}
                      className="er-edge"
                      data-relation={`${edge.from.fromTable}.${edge.from.fromColumn}->${edge.from.toTable}.${edge.from.toColumn}`}
                      stroke={
                        colourOf(schema.tables.find((t) => t.name === edge.from.fromTable)?.kind ?? "").stroke
                      }
                    >
                      <path d={edge.path} />
                      <EdgeEnds edge={edge} />
                    </g>
                  ))}
                </g>
                {layout.boxes.map((box) => (
                  <TableBox key={box.name} box={box} active={box.name === hovered} onHover={setHovered} />
                ))}
                {hovered && (
                  <g className="er-edges is-highlighted">
                    {layout.edges.filter(touches).map((edge) => (
                      <g
                        key={`${edge.from.fromTable}.${edge.from.fromColumn}`}
                        className="er-edge"
                        stroke={
                          colourOf(schema.tables.find((t) => t.name === edge.from.fromTable)?.kind ?? "")
                            .stroke
                        }
                      >
                        <path d={edge.path} />
                        <EdgeEnds edge={edge} />
                      </g>
                    ))}
                  </g>
                )}
              </svg>
            </section>
            <figcaption className="muted">
              Drawn from the live schema ({schema.tables.length} tables, {schema.relations.length}{" "}
              references). Hover a table to bring its lines to the front. Boxes list key and reference columns
              first; the full column list is in the table list below. The same data: the{" "}
              <code>databaseSchema</code> GraphQL query.
            </figcaption>
          </figure>

          <section
            className="section er-text"
            aria-labelledby="er-tables-heading"
            data-testid="er-table-list"
          >
            <h2 id="er-tables-heading">Tables</h2>
            {schema.kinds.map((kind) => {
              const members = schema.tables.filter((t) => t.kind === kind.key);
              if (members.length === 0) return null;
              return (
                <div key={kind.key}>
                  <h3>
                    <span
                      className="er-swatch"
                      aria-hidden="true"
                      style={{ background: colourOf(kind.key).tint, borderColor: colourOf(kind.key).stroke }}
                    />
                    {kind.label} <span className="muted">({members.length})</span>
                  </h3>
                  <p className="muted er-rule">{kind.rule}</p>
                  <div className="table-wrap">
                    <table className="data-table is-compact is-stacked">
                      <thead>
                        <tr>
                          <th scope="col">Table</th>
                          <th scope="col" className="num">
                            Rows
                          </th>
                          <th scope="col">Columns (PK primary key, → reference)</th>
                        </tr>
                      </thead>
                      <tbody>
                        {members.map((table) => (
                          <tr key={table.name} data-testid={`er-row-${table.name}`}>
                            <td data-label="Table">
                              <div>
                                <code>{table.name}</code>
                                <div className="muted er-desc">{table.description}</div>
                              </div>
                            </td>
                            <td data-label="Rows" className="num">
                              {formatCount(table.rowCount)}
                            </td>
                            <td data-label="Columns" className="er-columns">
                              <div>
                                {table.columns.map((column, i) => (
                                  <span key={column.name}>
                                    {i > 0 && ", "}
                                    <code className={column.primary ? "is-primary" : undefined}>
                                      {column.name}
                                    </code>
                                    {column.primary && <abbr title="primary key"> PK</abbr>}
                                    {column.references && <span> → {column.references}</span>}
                                  </span>
                                ))}
                              </div>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              );
            })}
          </section>
        </>
      )}
    </div>
  );
}
