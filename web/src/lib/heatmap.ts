/** Pure rules of the brain-region heatmap (spec 2 §2.3, §5, §9). */

import { formatCount } from "./format";

/** The faintest non-empty cell (spec 2 §9: heatmap minimum intensity 0.1). */
export const MIN_INTENSITY = 0.1;

/** What a cell with no proteins shows. */
export const EMPTY_CELL = "–";

/**
 * Colour intensity of a cell: 0.1 + 0.9 × count / max, at most 1.
 * A maximum of 0 (an empty heatmap) gives the minimum.
 */
export function heatmapIntensity(count: number, max: number): number {
  if (!(max > 0) || !(count > 0)) return MIN_INTENSITY;
  return Math.min(1, MIN_INTENSITY + (1 - MIN_INTENSITY) * (count / max));
}

function parseHex(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!value) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(channels: number[]): string {
  return `#${channels.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The hue at an intensity, blended over white (an opaque colour, so labels and
 * borders stay crisp): intensity 1 is the hue itself, 0 is white.
 */
export function shadeOf(hue: string, intensity: number): string {
  const t = Math.max(0, Math.min(1, intensity));
  return toHex(parseHex(hue).map((c) => 255 + (c - 255) * t));
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark or white label text, whichever contrasts more with the background. */
export function labelColourOn(background: string, dark = "#17212b"): string {
  const l = relativeLuminance(background);
  const contrastWhite = 1.05 / (l + 0.05);
  const contrastDark = (l + 0.05) / (relativeLuminance(dark) + 0.05);
  return contrastWhite > contrastDark ? "#ffffff" : dark;
}

/** A cell's text: the count with thousands separators, or a dash when zero. */
export function formatCellCount(count: number | null | undefined): string {
  if (count === null || count === undefined || count === 0) return EMPTY_CELL;
  return formatCount(count);
}

/** Heatmap rows: regions sorted by name (case-insensitive, then by id for a stable order). */
export function sortRegionsByName<T extends { name: string; id: number }>(regions: readonly T[]): T[] {
  return [...regions].sort(
    (a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id,
  );
}

export interface RegionSelection {
  regionId: number | null;
  compartment: string | null;
}

/**
 * The selection a heatmap click leads to: a region name selects the region (the
 * compartment stays); a non-zero cell selects both; a zero cell changes nothing;
 * a column header selects its compartment, or deselects it when already selected.
 */
export function nextSelection(
  current: RegionSelection,
  click:
    | { kind: "region"; regionId: number }
    | { kind: "cell"; regionId: number; compartment: string; count: number }
    | { kind: "column"; compartment: string },
): RegionSelection {
  switch (click.kind) {
    case "region":
      return { ...current, regionId: click.regionId };
    case "cell":
      return click.count > 0 ? { regionId: click.regionId, compartment: click.compartment } : current;
    case "column":
      return {
        ...current,
        compartment: current.compartment === click.compartment ? null : click.compartment,
      };
  }
}
