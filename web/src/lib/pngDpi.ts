/**
 * PNG resolution metadata: a PNG says how many pixels make a metre in its pHYs chunk; without one,
 * a journal's tools read it as 72 or 96 dpi. Pure byte rules, unit-tested.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const INCHES_PER_METRE = 39.3701;

let crcTable: Uint32Array | null = null;

/** CRC-32 of the PNG specification (polynomial 0xEDB88320) over `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

interface Chunk {
  type: string;
  /** Offset of the chunk's length field. */
  start: number;
  /** Offset just past its CRC. */
  end: number;
  data: Uint8Array;
}

function* chunks(bytes: Uint8Array): Generator<Chunk> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) throw new Error("The PNG is truncated");
    yield { type, start: offset, end, data: bytes.subarray(offset + 8, offset + 8 + length) };
    if (type === "IEND") return;
    offset = end;
  }
}

/** Pixels per metre of `dpi` dots per inch, as pHYs stores it. */
export function pixelsPerMetre(dpi: number): number {
  return Math.round(dpi * INCHES_PER_METRE);
}

/** The pHYs chunk (length, type, data, CRC) declaring `dpi` on both axes. */
export function physChunk(dpi: number): Uint8Array {
  const chunk = new Uint8Array(21);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  const ppm = pixelsPerMetre(dpi);
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: the metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  return chunk;
}

/** The same PNG declaring `dpi`: a pHYs chunk right after IHDR, replacing any pHYs it had. */
export function withPngDpi(png: Uint8Array, dpi: number): Uint8Array {
  if (!isPng(png)) throw new Error("Not a PNG file");
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  for (const chunk of chunks(png)) {
    if (chunk.type === "pHYs") continue;
    parts.push(png.subarray(chunk.start, chunk.end));
    if (chunk.type === "IHDR") parts.push(physChunk(dpi));
  }
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export interface PngInfo {
  width: number;
  height: number;
  /** Dots per inch from pHYs (rounded), or null when the file has no pHYs in metres. */
  dpi: number | null;
  /** Whether every chunk's CRC is right. */
  crcValid: boolean;
}

/** Size and resolution of a PNG, read from IHDR and pHYs. */
export function readPngInfo(png: Uint8Array): PngInfo {
  if (!isPng(png)) throw new Error("Not a PNG file");
  let width = 0;
  let height = 0;
  let dpi: number | null = null;
  let crcValid = true;
  for (const chunk of chunks(png)) {
    const view = new DataView(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
    const stored = new DataView(png.buffer, png.byteOffset).getUint32(chunk.end - 4);
    if (crc32(png.subarray(chunk.start + 4, chunk.end - 4)) !== stored) crcValid = false;
    if (chunk.type === "IHDR") {
      width = view.getUint32(0);
      height = view.getUint32(4);
    } else if (chunk.type === "pHYs" && chunk.data[8] === 1) {
      dpi = Math.round(view.getUint32(0) / INCHES_PER_METRE);
    }
  }
  return { width, height, dpi, crcValid };
}
