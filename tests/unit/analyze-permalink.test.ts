import { describe, expect, it } from "vitest";
import { fromFragment, packList, toFragment, unpackList } from "../../web/src/routes/analyze/permalink";

describe("analysis permalinks", () => {
  it("round-trips a list through deflate and URL-safe base64", async () => {
    const list = Array.from({ length: 300 }, (_, i) => `GENE${i}`).join("\n");
    const packed = await packList(list);
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(packed.length).toBeLessThan(list.length / 2);
    expect(await unpackList(packed)).toBe(list);
  });
  it("normalises separators to newlines and keeps the background in the fragment", async () => {
    const hash = await toFragment({
      list: "DLG4, SHANK3;1742\tP78352",
      background: "custom",
      backgroundList: "A B",
    });
    expect(hash).toMatch(/^#list=[\w-]+&bg=custom&bglist=[\w-]+$/);
    expect(await fromFragment(hash)).toEqual({
      list: "DLG4\nSHANK3\n1742\nP78352",
      background: "custom",
      backgroundList: "A\nB",
    });
  });
  it("ignores fragments without a list, an unknown background and damaged data", async () => {
    expect(await fromFragment("")).toBeNull();
    expect(await fromFragment("#tab=1")).toBeNull();
    const hash = await toFragment({ list: "DLG4", background: "dataset", backgroundList: "" });
    expect((await fromFragment(hash.replace("bg=dataset", "bg=galaxy")))?.background).toBe("dataset");
    expect(await fromFragment("#list=%%%not-base64")).toBeNull();
  });
});
