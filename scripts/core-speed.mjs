// How fast one core of this machine is right now: milliseconds for a fixed loop of 10^8 integer steps
// (lower is faster). scripts/test-all.sh prints it beside the suite's times, since the machines here have
// run the same suite at speeds 2x apart.
const started = process.hrtime.bigint();
let x = 0;
for (let i = 0; i < 1e8; i++) x = (x * 31 + i) | 0;
const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
// The loop's result is printed too (always the same), so no compiler can drop the loop as unused.
console.log(`${ms} ms (checksum ${x})`);
