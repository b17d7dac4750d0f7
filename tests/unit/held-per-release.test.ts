import { describe, expect, it } from "vitest";
import { HeldPerRelease } from "../../gateway/services/held-per-release";
import type { ReleaseWatcher } from "../../gateway/services/release-watcher";

/** The release watcher's side that HeldPerRelease uses: a key, and a switch that tells subscribers. */
class SwitchingReleases {
  key = "release-1";
  private readonly listeners = new Set<(key: string) => void>();
  async get() {
    return this.key;
  }
  async check() {
    return this.key;
  }
  subscribe(listener: (key: string) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  switchTo(key: string) {
    this.key = key;
    for (const listener of this.listeners) listener(key);
  }
}

/** Holds "value of <release>"; its reads of one release fail a given number of times first. */
class FlakyHeld extends HeldPerRelease<string> {
  reads: string[] = [];
  constructor(
    releases: SwitchingReleases,
    private readonly failures: Map<string, number>,
  ) {
    super(releases as unknown as ReleaseWatcher);
  }
  protected async read(key: string): Promise<string> {
    this.reads.push(key);
    const left = this.failures.get(key) ?? 0;
    if (left > 0) {
      this.failures.set(key, left - 1);
      throw new Error(`the read of ${key} was stopped`);
    }
    return `value of ${key}`;
  }
  current(): string | null {
    return this.live();
  }
}

describe("HeldPerRelease after a release switch", () => {
  it("reads the new release again when its first read after the switch fails", async () => {
    const releases = new SwitchingReleases();
    const held = new FlakyHeld(releases, new Map([["release-2", 2]]));
    await held.warm();
    expect(held.current()).toBe("value of release-1");

    releases.switchTo("release-2");
    // Until a read of release-2 succeeds, nothing held is served (requests read SQL instead).
    expect(held.current()).toBeNull();
    // Two failures: tried again 1 s and then 2 s later, and held from the third read on.
    await expect.poll(() => held.current(), { timeout: 10_000, interval: 100 }).toBe("value of release-2");
    expect(held.reads).toEqual(["release-1", "release-2", "release-2", "release-2"]);
    held.stop();
  });

  it("stops trying once stopped", async () => {
    const releases = new SwitchingReleases();
    const held = new FlakyHeld(releases, new Map([["release-2", 100]]));
    await held.warm();
    releases.switchTo("release-2");
    await expect.poll(() => held.reads.length, { timeout: 5_000, interval: 50 }).toBe(2);
    held.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(held.reads).toEqual(["release-1", "release-2"]);
  });
});
