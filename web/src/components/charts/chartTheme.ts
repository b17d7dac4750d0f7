import type { PartialTheme } from "@nivo/theming";

/**
 * One look for every nivo chart. The palette is Okabe–Ito (safe for the common
 * colour-vision deficiencies), in an order that keeps neighbouring series distinct.
 */
export const chartPalette = [
  "#0072B2", // blue
  "#E69F00", // orange
  "#009E73", // bluish green
  "#CC79A7", // reddish purple
  "#56B4E9", // sky blue
  "#D55E00", // vermillion
  "#F0E442", // yellow
  "#000000", // black
  "#7F7F7F", // grey
  "#8C564B", // brown
] as const;

/** Colour of the nth series, cycling through the palette. */
export function seriesColour(index: number): string {
  return chartPalette[index % chartPalette.length];
}

export const chartTheme: PartialTheme = {
  text: { fontSize: 12, fill: "#17212b", fontFamily: "inherit" },
  axis: {
    legend: { text: { fontSize: 13, fontWeight: 600, fill: "#17212b" } },
    ticks: { text: { fontSize: 11, fill: "#5a6878" }, line: { stroke: "#c5ced8" } },
    domain: { line: { stroke: "#c5ced8", strokeWidth: 1 } },
  },
  grid: { line: { stroke: "#e6ebf0", strokeWidth: 1 } },
  legends: { text: { fontSize: 12, fill: "#17212b" } },
  tooltip: {
    container: {
      background: "#ffffff",
      color: "#17212b",
      fontSize: 12,
      borderRadius: 6,
      boxShadow: "0 4px 14px rgba(15, 30, 50, 0.18)",
    },
  },
};
