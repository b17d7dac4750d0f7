import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from "d3-force";

/**
 * Layout of the protein interaction network (spec 2, network view): a d3-force simulation run to
 * completion before anything is drawn (d3-force's own seeded random source, so one network always gets
 * the same picture), scaled to fill the drawing, and labels placed where they collide with nothing.
 */

export interface LayoutInput {
  id: string;
  /** Node radius in drawing units. */
  radius: number;
}

export interface LayoutLink {
  source: string;
  target: string;
}

/** A node's place, as a fraction of the layout's extent (0..1 on both axes). */
export interface UnitPosition {
  id: string;
  u: number;
  v: number;
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  radius: number;
}

/** Ticks until d3's default alpha (1) decays to its default minimum (0.001): the simulation's full run. */
const TICKS = 300;

/**
 * Runs the simulation to completion and returns each node's position normalised to 0..1. `aspect`
 * (width / height of the drawing) pulls the layout wider than tall so that, once fitted, it fills a
 * landscape drawing rather than a circle in its middle.
 */
export function simulateNetwork(nodes: LayoutInput[], links: LayoutLink[], aspect: number): UnitPosition[] {
  if (nodes.length === 0) return [];
  if (nodes.length === 1) return [{ id: nodes[0]!.id, u: 0.5, v: 0.5 }];
  const simNodes: SimNode[] = nodes.map((n) => ({ id: n.id, radius: n.radius }));
  const simLinks: SimulationLinkDatum<SimNode>[] = links.map((l) => ({ source: l.source, target: l.target }));
  const many = nodes.length > 150;
  const simulation = forceSimulation(simNodes)
    .force(
      "link",
      forceLink<SimNode, SimulationLinkDatum<SimNode>>(simLinks)
        .id((d) => d.id)
        .distance(many ? 22 : 48),
    )
    .force("charge", forceManyBody<SimNode>().strength(many ? -28 : -160))
    .force(
      "collide",
      forceCollide<SimNode>((d) => d.radius + 3),
    )
    // Weaker pull along x: the layout spreads to the drawing's shape.
    .force("x", forceX<SimNode>(0).strength(0.06 / Math.max(1, aspect)))
    .force("y", forceY<SimNode>(0).strength(0.06 * Math.min(1, aspect)))
    .stop();
  simulation.tick(TICKS);
  const xs = simNodes.map((n) => n.x ?? 0);
  const ys = simNodes.map((n) => n.y ?? 0);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX || 1;
  const spanY = maxY - minY || 1;
  return simNodes.map((n) => ({
    id: n.id,
    u: maxX === minX ? 0.5 : ((n.x ?? 0) - minX) / spanX,
    v: maxY === minY ? 0.5 : ((n.y ?? 0) - minY) / spanY,
  }));
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FitOptions {
  width: number;
  height: number;
  /** Room kept free at the left and right (labels), and at the top and bottom. */
  marginX: number;
  marginY: number;
}

/** Unit positions scaled into the drawing, keeping its margins. */
export function fitToDrawing(
  positions: UnitPosition[],
  options: FitOptions,
): Map<string, { x: number; y: number }> {
  const { width, height, marginX, marginY } = options;
  const innerW = Math.max(1, width - 2 * marginX);
  const innerH = Math.max(1, height - 2 * marginY);
  return new Map(positions.map((p) => [p.id, { x: marginX + p.u * innerW, y: marginY + p.v * innerH }]));
}

export interface LabelRequest {
  id: string;
  text: string;
  x: number;
  y: number;
  radius: number;
  /** Width and height of the text as drawn. */
  width: number;
  height: number;
}

export interface PlacedLabel {
  id: string;
  /** Where the text's anchor goes (SVG text x, y with dominant-baseline middle). */
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  box: Box;
}

export const boxesOverlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Places labels in the given order (most important first): each takes the first of eight places around
 * its node (right, left, above, below, then the corners) that stays inside the drawing and overlaps no
 * placed label and no node; a label with no free place is left out (its name stays in the node's tooltip
 * and the interaction table).
 */
export function placeLabels(
  requests: LabelRequest[],
  nodes: { x: number; y: number; radius: number }[],
  drawing: { width: number; height: number },
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const nodeBoxes: Box[] = nodes.map((n) => ({
    x: n.x - n.radius,
    y: n.y - n.radius,
    width: 2 * n.radius,
    height: 2 * n.radius,
  }));
  const gap = 3;
  for (const r of requests) {
    const { width: w, height: h } = r;
    const off = r.radius + gap;
    const candidates: { x: number; y: number; anchor: PlacedLabel["anchor"]; box: Box }[] = [
      { x: r.x + off, y: r.y, anchor: "start", box: { x: r.x + off, y: r.y - h / 2, width: w, height: h } },
      { x: r.x - off, y: r.y, anchor: "end", box: { x: r.x - off - w, y: r.y - h / 2, width: w, height: h } },
      {
        x: r.x,
        y: r.y - off - h / 2,
        anchor: "middle",
        box: { x: r.x - w / 2, y: r.y - off - h, width: w, height: h },
      },
      {
        x: r.x,
        y: r.y + off + h / 2,
        anchor: "middle",
        box: { x: r.x - w / 2, y: r.y + off, width: w, height: h },
      },
      {
        x: r.x + off * 0.7,
        y: r.y - off * 0.7 - h / 2,
        anchor: "start",
        box: { x: r.x + off * 0.7, y: r.y - off * 0.7 - h, width: w, height: h },
      },
      {
        x: r.x - off * 0.7,
        y: r.y - off * 0.7 - h / 2,
        anchor: "end",
        box: { x: r.x - off * 0.7 - w, y: r.y - off * 0.7 - h, width: w, height: h },
      },
      {
        x: r.x + off * 0.7,
        y: r.y + off * 0.7 + h / 2,
        anchor: "start",
        box: { x: r.x + off * 0.7, y: r.y + off * 0.7, width: w, height: h },
      },
      {
        x: r.x - off * 0.7,
        y: r.y + off * 0.7 + h / 2,
        anchor: "end",
        box: { x: r.x - off * 0.7 - w, y: r.y + off * 0.7, width: w, height: h },
      },
    ];
    const free = candidates.find(
      (c) =>
        c.box.x >= 0 &&
        c.box.y >= 0 &&
        c.box.x + c.box.width <= drawing.width &&
        c.box.y + c.box.height <= drawing.height &&
        !placed.some((p) => boxesOverlap(p.box, c.box)) &&
        !nodeBoxes.some((n) => boxesOverlap(n, c.box)),
    );
    if (free) placed.push({ id: r.id, ...free });
  }
  return placed;
}

/** A zoom and pan of the drawing: screen = k · drawing + (x, y). */
export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export const IDENTITY_VIEW: ViewTransform = { k: 1, x: 0, y: 0 };
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

/** The view zoomed by `factor` about the drawing point (px, py), the scale kept within its bounds. */
export function zoomAbout(view: ViewTransform, factor: number, px: number, py: number): ViewTransform {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
  if (k === MIN_ZOOM) return IDENTITY_VIEW;
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}
