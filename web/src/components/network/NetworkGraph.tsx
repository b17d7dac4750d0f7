import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  fitToDrawing,
  IDENTITY_VIEW,
  type LabelRequest,
  placeLabels,
  simulateNetwork,
  type ViewTransform,
  zoomAbout,
} from "../../lib/networkLayout";
import { countOf } from "../../lib/plural";

/** Okabe–Ito colours (chartTheme palette): disease genes vermillion diamonds, others blue circles. */
export const NETWORK_COLOURS = { disease: "#D55E00", other: "#0072B2", consensusRing: "#000000" } as const;

export interface GraphNode {
  id: string;
  symbol: string;
  isSeed: boolean;
  isConsensus: boolean;
  diseaseCount: number;
  degree: number;
}

const LABEL_FONT_PX = 11;
const SEED_LABEL_FONT_PX = 12.5;
/** Every gene is offered a label up to this many drawn genes; above it the given genes and hubs only. */
const LABEL_ALL_UP_TO = 80;

const radiusOf = (n: GraphNode) => (n.isSeed ? 8 : n.degree > 5 ? 5.5 : 4.5);

/** Width of `text` in the page's font (a canvas measures it; an estimate where there is none). */
function textWidth(text: string, px: number, bold: boolean): number {
  if (typeof document !== "undefined") {
    const context = document.createElement("canvas").getContext("2d");
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || "sans-serif";
      context.font = `${bold ? 700 : 400} ${px}px ${family}`;
      return context.measureText(text).width;
    }
  }
  return text.length * px * (bold ? 0.72 : 0.64);
}

/**
 * The network drawn as SVG from a d3-force layout run to completion: fitted to the drawing, labels placed
 * without collisions, Ctrl/⌘ + wheel and button zoom, drag to pan. A node click opens the gene.
 */
export function NetworkGraph({
  nodes,
  links,
  height,
  label,
  onOpen,
}: {
  nodes: GraphNode[];
  links: { source: string; target: string }[];
  height: number;
  label: string;
  onOpen: (symbol: string) => void;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(800);
  const [view, setView] = useState<ViewTransform>(IDENTITY_VIEW);
  const drag = useRef<{ pointer: number; x: number; y: number; view: ViewTransform; moved: boolean } | null>(
    null,
  );

  // The drawing is as wide as its frame, in pixels: text stays at its size at every width.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(Math.max(240, Math.round(frame.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // The simulation runs once per network and shape; a resize only refits.
  const aspect = width / height > 1.2 ? Math.min(2.2, width / height) : 1;
  const unit = useMemo(
    () =>
      simulateNetwork(
        nodes.map((n) => ({ id: n.id, radius: radiusOf(n) })),
        links,
        aspect,
      ),
    [nodes, links, aspect],
  );

  const layout = useMemo(() => {
    const labelled = nodes.length <= LABEL_ALL_UP_TO ? nodes : nodes.filter((n) => n.isSeed || n.degree >= 8);
    const longest = Math.max(0, ...labelled.map((n) => textWidth(n.symbol, LABEL_FONT_PX, false)));
    const positions = fitToDrawing(unit, {
      width,
      height,
      marginX: Math.min(width / 6, longest / 2 + 14),
      marginY: LABEL_FONT_PX + 14,
    });
    const drawn = nodes.map((n) => ({
      ...n,
      radius: radiusOf(n),
      ...(positions.get(n.id) ?? { x: 0, y: 0 }),
    }));
    const byId = new Map(drawn.map((n) => [n.id, n]));
    // The given genes first, then by number of interactions: the labels that matter most get a place.
    const requests: LabelRequest[] = labelled
      .map((n) => byId.get(n.id)!)
      .sort(
        (a, b) =>
          Number(b.isSeed) - Number(a.isSeed) || b.degree - a.degree || a.symbol.localeCompare(b.symbol),
      )
      .map((n) => {
        const px = n.isSeed ? SEED_LABEL_FONT_PX : LABEL_FONT_PX;
        return {
          id: n.id,
          text: n.symbol,
          x: n.x,
          y: n.y,
          radius: n.radius,
          width: textWidth(n.symbol, px, n.isSeed) + 2,
          height: px + 2,
        };
      });
    const labels = new Map(placeLabels(requests, drawn, { width, height }).map((l) => [l.id, l]));
    const edges = links
      .map((l) => ({ key: `${l.source}-${l.target}`, a: byId.get(l.source), b: byId.get(l.target) }))
      .filter((e) => e.a && e.b);
    return { drawn, labels, edges };
  }, [nodes, links, unit, width, height]);

  // Ctrl/⌘ + wheel (or a trackpad pinch, which the browser sends as one) zooms about the pointer; a
  // plain wheel keeps scrolling the page, so the drawing never traps a reader scrolling past it.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const point = toDrawing(svg, event.clientX, event.clientY);
      setView((v) => zoomAbout(v, Math.exp(-event.deltaY * 0.002), point.x, point.y));
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    return () => svg.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, view, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    const svg = svgRef.current;
    if (!d || !svg || d.pointer !== event.pointerId) return;
    const scale = svg.getBoundingClientRect().width / width || 1;
    const dx = (event.clientX - d.x) / scale;
    const dy = (event.clientY - d.y) / scale;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) svg.setPointerCapture(event.pointerId);
    d.moved = true;
    setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
  };
  const endDrag = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (d?.moved && svgRef.current?.hasPointerCapture(event.pointerId))
      svgRef.current.releasePointerCapture(event.pointerId);
  };
  const zoomBy = (factor: number) => setView((v) => zoomAbout(v, factor, width / 2, height / 2));

  return (
    <div className="network-canvas" ref={frameRef} data-zoom={view.k.toFixed(2)}>
      <fieldset className="network-zoom">
        <legend className="visually-hidden">Zoom</legend>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => zoomBy(1.4)}
          aria-label="Zoom in"
        >
          +
        </button>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => zoomBy(1 / 1.4)}
          aria-label="Zoom out"
        >
          −
        </button>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => setView(IDENTITY_VIEW)}
          disabled={view.k === 1 && view.x === 0 && view.y === 0}
        >
          Reset
        </button>
      </fieldset>
      <svg
        ref={svgRef}
        className="network-svg"
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={label}
        data-testid="network-svg"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <g transform={`translate(${view.x},${view.y}) scale(${view.k})`} data-testid="network-viewport">
          <g className="network-links">
            {layout.edges.map((e) => (
              <line key={e.key} x1={e.a!.x} y1={e.a!.y} x2={e.b!.x} y2={e.b!.y} />
            ))}
          </g>
          {layout.drawn.map((n) => {
            const fill = n.diseaseCount > 0 ? NETWORK_COLOURS.disease : NETWORK_COLOURS.other;
            const stroke = n.isConsensus ? NETWORK_COLOURS.consensusRing : "#ffffff";
            const strokeWidth = n.isConsensus ? 2.5 : 1;
            const r = n.radius;
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut only; keyboard and screen-reader users get the same genes as links in the interaction table beside the drawing, and hundreds of focusable nodes would be a tab trap.
              <g
                key={n.id}
                transform={`translate(${n.x},${n.y})`}
                className="network-node"
                data-testid="network-node"
                data-gene={n.symbol}
                onClick={() => {
                  if (!drag.current?.moved) onOpen(n.symbol);
                }}
              >
                <title>
                  {`${n.symbol}${n.isSeed ? " (given gene)" : ""} — ${n.diseaseCount > 0 ? countOf(n.diseaseCount, "disease") : "no disease association"}${n.isConsensus ? ", consensus gene" : ""}; ${countOf(n.degree, "interaction")} shown. Click to open the gene.`}
                </title>
                {n.diseaseCount > 0 ? (
                  <rect
                    x={-r * 0.8}
                    y={-r * 0.8}
                    width={r * 1.6}
                    height={r * 1.6}
                    transform="rotate(45)"
                    fill={fill}
                    stroke={stroke}
                    strokeWidth={strokeWidth}
                  />
                ) : (
                  <circle r={r} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
                )}
              </g>
            );
          })}
          <g>
            {layout.drawn.map((n) => {
              const placed = layout.labels.get(n.id);
              if (!placed) return null;
              return (
                <text
                  key={n.id}
                  x={placed.x}
                  y={placed.y}
                  textAnchor={placed.anchor}
                  dominantBaseline="central"
                  className={`network-label${n.isSeed ? " is-seed" : ""}`}
                  data-testid="network-label"
                  data-gene={n.symbol}
                  paintOrder="stroke"
                  stroke="#ffffff"
                  strokeWidth={3}
                >
                  {n.symbol}
                </text>
              );
            })}
          </g>
        </g>
      </svg>
    </div>
  );
}

/** A point of the page (client coordinates) in drawing units. */
function toDrawing(svg: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } {
  const matrix = svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}
