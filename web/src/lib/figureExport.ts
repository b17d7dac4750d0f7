/**
 * Publication figures from the charts on screen: the chart's own <svg> elements (nivo or hand-drawn),
 * cloned with their computed styles written inline, the chart's HTML labels (legends, heatmap headings:
 * marked data-figure-text / data-figure-swatch) redrawn as SVG text and rectangles, and a caption under
 * it as SVG text. No foreignObject and no raster images: the file is vector throughout. The PNG is the
 * same SVG drawn on a canvas at 300/96 and marked 300 dpi in its pHYs chunk.
 */
import { wrapText } from "./figureCaption";
import { withPngDpi } from "./pngDpi";

export const PNG_DPI = 300;
/** CSS pixels per inch: a chart's px sizes are at 96 dpi. */
export const CSS_DPI = 96;

const SVG_NS = "http://www.w3.org/2000/svg";
const PADDING = 16;
/** A caption needs room to be read: narrow charts get a wider page. */
const MIN_WIDTH = 560;
const CAPTION_FONT_PX = 12;
const CAPTION_LINE_PX = 16;
const CAPTION_GAP_PX = 6;

/** Presentation properties written inline on every drawn element, with the values left out as defaults. */
const SHAPE_PROPERTIES: Record<string, string | null> = {
  fill: null,
  "fill-opacity": "1",
  stroke: "none",
  "stroke-width": null,
  "stroke-opacity": "1",
  "stroke-dasharray": "none",
  "stroke-linecap": "butt",
  "stroke-linejoin": "miter",
  opacity: "1",
  "shape-rendering": "auto",
  visibility: "visible",
};
const TEXT_PROPERTIES: Record<string, string | null> = {
  "font-family": null,
  "font-size": null,
  "font-weight": "400",
  "font-style": "normal",
  "text-anchor": "start",
  "dominant-baseline": "auto",
  "alignment-baseline": "auto",
  "letter-spacing": "normal",
  "paint-order": "normal",
};
/** Interactive or raster parts that do not belong in a vector figure. */
const DROPPED = new Set(["foreignObject", "image", "script", "style", "title", "desc"]);
const DROPPED_ATTRIBUTE = /^(class|style|role|tabindex|focusable|data-.*|aria-.*|on.*)$/i;

export interface FigureSvg {
  /** The serialized SVG document. */
  text: string;
  /** Size in CSS pixels (96 dpi). */
  width: number;
  height: number;
}

function isTextElement(element: Element): boolean {
  return element.localName === "text" || element.localName === "tspan" || element.localName === "textPath";
}

/** Copies the computed presentation of `source` (and its descendants) inline onto `copy`. */
function inlineStyles(source: Element, copy: Element): void {
  const computed = getComputedStyle(source);
  const properties = isTextElement(source) ? { ...SHAPE_PROPERTIES, ...TEXT_PROPERTIES } : SHAPE_PROPERTIES;
  for (const attribute of [...copy.attributes]) {
    if (DROPPED_ATTRIBUTE.test(attribute.name)) copy.removeAttribute(attribute.name);
  }
  const declarations: string[] = [];
  for (const [property, fallback] of Object.entries(properties)) {
    const value = computed.getPropertyValue(property).trim();
    if (value && value !== fallback) declarations.push(`${property}:${value}`);
  }
  if (declarations.length > 0) copy.setAttribute("style", declarations.join(";"));
  const sourceChildren = [...source.children];
  const copyChildren = [...copy.children];
  sourceChildren.forEach((child, index) => {
    const cloned = copyChildren[index];
    if (!cloned) return;
    if (DROPPED.has(child.localName) || getComputedStyle(child).display === "none") {
      cloned.remove();
      return;
    }
    inlineStyles(child, cloned);
  });
}

/** Controls beside the chart (the download buttons, zoom) are no part of the figure. */
const ignored = (element: Element) => element.closest("[data-figure-ignore]") !== null;

/** The chart's top-level <svg> elements inside `root` (or `root` itself when it is one). */
function chartSvgs(root: Element): SVGSVGElement[] {
  if (root instanceof SVGSVGElement) return [root];
  return [...root.querySelectorAll("svg")].filter((svg) => {
    const rect = svg.getBoundingClientRect();
    return (
      // Icons of buttons are controls too.
      rect.width > 0 &&
      rect.height > 0 &&
      !ignored(svg) &&
      !svg.closest("button") &&
      !svg.parentElement?.closest("svg")
    );
  });
}

/** Lines of an HTML label as laid out on screen (a wrapped heading keeps its line breaks). */
function lineBoxes(element: HTMLElement): { text: string; left: number; top: number; bottom: number }[] {
  const lines: { text: string; left: number; top: number; bottom: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.nodeValue ?? "";
    for (const match of value.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const line = lines.find((l) => Math.abs(l.top - rect.top) < rect.height / 2);
      if (line) line.text += ` ${match[0]}`;
      else lines.push({ text: match[0], left: rect.left, top: rect.top, bottom: rect.bottom });
    }
  }
  return lines;
}

/** Whether a CSS colour is so light that text in it would vanish on the white page. */
function isLight(colour: string): boolean {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 220;
}

/** An HTML label of the chart as SVG text, line by line at the same place, in the same font. */
function htmlLabel(element: HTMLElement, originX: number, originY: number): SVGTextElement[] {
  const style = getComputedStyle(element);
  // A highlighted heading's white-on-blue text would be invisible on the figure's white page.
  const colour = isLight(style.color) ? "#17212b" : style.color;
  return lineBoxes(element).map((line) => {
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("x", (line.left - originX).toFixed(1));
    label.setAttribute("y", ((line.top + line.bottom) / 2 - originY).toFixed(1));
    label.setAttribute("dominant-baseline", "central");
    label.setAttribute(
      "style",
      `fill:${colour};font-family:${style.fontFamily};font-size:${style.fontSize};font-weight:${style.fontWeight}`,
    );
    label.textContent = line.text;
    return label;
  });
}

/** A colour key of an HTML legend (a background colour, or a two-colour gradient) as an SVG rectangle. */
function htmlSwatch(
  element: HTMLElement,
  originX: number,
  originY: number,
  defs: SVGDefsElement,
): SVGRectElement {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const swatch = document.createElementNS(SVG_NS, "rect");
  swatch.setAttribute("x", (rect.left - originX).toFixed(1));
  swatch.setAttribute("y", (rect.top - originY).toFixed(1));
  swatch.setAttribute("width", rect.width.toFixed(1));
  swatch.setAttribute("height", rect.height.toFixed(1));
  swatch.setAttribute("rx", String(Number.parseFloat(style.borderTopLeftRadius) || 0));
  const stops = style.backgroundImage.startsWith("linear-gradient")
    ? (style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [])
    : [];
  if (stops.length >= 2) {
    // A colour scale drawn left to right, as the heatmap's is.
    const gradient = document.createElementNS(SVG_NS, "linearGradient");
    gradient.id = `figure-gradient-${defs.children.length + 1}`;
    stops.forEach((colour, index) => {
      const stop = document.createElementNS(SVG_NS, "stop");
      stop.setAttribute("offset", String(index / (stops.length - 1)));
      stop.setAttribute("stop-color", colour);
      gradient.append(stop);
    });
    defs.append(gradient);
    swatch.setAttribute("fill", `url(#${gradient.id})`);
  } else {
    swatch.setAttribute("style", `fill:${style.backgroundColor}`);
  }
  return swatch;
}

/** Character budget of a caption line `width` px wide (a generous average glyph width). */
function captionChars(width: number, fontPx: number): number {
  return Math.max(30, Math.floor(width / (fontPx * 0.56)));
}

/**
 * The figure of the chart inside `root` as one SVG document: the chart as drawn, its HTML labels as
 * text, and `caption` (first line the title, in bold) below it, on a white page.
 */
export function buildFigureSvg(root: Element, caption: readonly string[]): FigureSvg {
  const svgs = chartSvgs(root);
  const swatches = [...root.querySelectorAll<HTMLElement>("[data-figure-swatch]")].filter((e) => !ignored(e));
  const labels = [...root.querySelectorAll<HTMLElement>("[data-figure-text]")].filter((e) => !ignored(e));
  // The drawing is the box around what is drawn: the download control, help text or headings beside
  // the chart inside the same container leave no gap.
  const rects = [...svgs, ...swatches, ...labels].map((e) => e.getBoundingClientRect());
  if (rects.length === 0) throw new Error("The chart has nothing drawn to export");
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const contentWidth = Math.ceil(Math.max(...rects.map((r) => r.right)) - left);
  const contentHeight = Math.ceil(Math.max(...rects.map((r) => r.bottom)) - top);
  const width = Math.max(contentWidth, MIN_WIDTH) + PADDING * 2;
  const fontFamily = getComputedStyle(document.body).fontFamily || "sans-serif";

  const figure = document.createElementNS(SVG_NS, "svg");
  figure.setAttribute("xmlns", SVG_NS);
  const background = document.createElementNS(SVG_NS, "rect");
  background.setAttribute("width", "100%");
  background.setAttribute("height", "100%");
  background.setAttribute("fill", "#ffffff");
  figure.append(background);

  const defs = document.createElementNS(SVG_NS, "defs");
  figure.append(defs);
  const chart = document.createElementNS(SVG_NS, "g");
  chart.setAttribute("transform", `translate(${PADDING},${PADDING})`);
  figure.append(chart);
  for (const svg of svgs) {
    const rect = svg.getBoundingClientRect();
    const copy = svg.cloneNode(true) as SVGSVGElement;
    inlineStyles(svg, copy);
    copy.removeAttribute("xmlns");
    copy.setAttribute("x", (rect.left - left).toFixed(1));
    copy.setAttribute("y", (rect.top - top).toFixed(1));
    copy.setAttribute("width", rect.width.toFixed(1));
    copy.setAttribute("height", rect.height.toFixed(1));
    chart.append(copy);
  }
  for (const element of swatches) chart.append(htmlSwatch(element, left, top, defs));
  for (const element of labels) chart.append(...htmlLabel(element, left, top));

  const captionGroup = document.createElementNS(SVG_NS, "g");
  captionGroup.setAttribute("data-figure-caption", "");
  captionGroup.setAttribute("style", `font-family:${fontFamily};font-size:${CAPTION_FONT_PX}px;fill:#17212b`);
  let y = PADDING + contentHeight + 24;
  const chars = captionChars(width - PADDING * 2, CAPTION_FONT_PX);
  caption.forEach((paragraph, index) => {
    for (const line of wrapText(paragraph, chars)) {
      const text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("x", String(PADDING));
      text.setAttribute("y", String(y));
      if (index === 0) text.setAttribute("font-weight", "700");
      text.textContent = line;
      captionGroup.append(text);
      y += CAPTION_LINE_PX;
    }
    y += CAPTION_GAP_PX;
  });
  figure.append(captionGroup);

  const height = Math.ceil(y + PADDING - CAPTION_GAP_PX);
  figure.setAttribute("width", String(width));
  figure.setAttribute("height", String(height));
  figure.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(figure)}\n`;
  return { text, width, height };
}

/** The figure drawn at `dpi` (a 96-dpi px size times dpi/96) as a PNG that declares that resolution. */
export async function figurePng(figure: FigureSvg, dpi = PNG_DPI): Promise<Blob> {
  const scale = dpi / CSS_DPI;
  // The SVG is given the canvas's pixel size (same viewBox), so it is rasterised at 300 dpi, not scaled up.
  const scaled = new DOMParser().parseFromString(figure.text, "image/svg+xml");
  scaled.documentElement.setAttribute("width", String(Math.round(figure.width * scale)));
  scaled.documentElement.setAttribute("height", String(Math.round(figure.height * scale)));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(scaled))}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(figure.width * scale);
  canvas.height = Math.round(figure.height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw on a canvas");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("The browser could not encode the PNG");
  const bytes = withPngDpi(new Uint8Array(await blob.arrayBuffer()), dpi);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" });
}
