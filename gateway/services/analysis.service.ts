// read-models/build.ts imports the default background's term sizes from here; they live in
// analysis/term-sizes.ts (the gene-list analysis is the folder analysis/).
export { countDefaultTermSizes, type StoredTermSizes } from "./analysis/term-sizes";
