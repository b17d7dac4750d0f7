/** XML text escaping for element content and attribute values. */
/** True for characters XML 1.0 does not allow (C0 controls other than tab, newline, CR; U+FFFE, U+FFFF). */
function forbiddenInXml(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff
  );
}

/** XML text escaping for element content and attribute values; characters XML forbids are dropped. */
export function xmlEscape(value: string): string {
  let clean = "";
  for (const ch of value) if (!forbiddenInXml(ch.codePointAt(0) ?? 0)) clean += ch;
  return clean
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export interface GraphmlNode {
  geneId: number;
  symbol: string;
  isSeed: boolean;
  isConsensus: boolean;
  diseaseCount: number;
  degree: number;
}
export interface GraphmlEdge {
  source: number;
  target: number;
  type: string;
  method: string;
}

/** A GraphML document (undirected) of a gene network, readable by Cytoscape, Gephi and igraph. */
export function toGraphml(nodes: GraphmlNode[], edges: GraphmlEdge[], description: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    '  <key id="symbol" for="node" attr.name="symbol" attr.type="string"/>',
    '  <key id="geneId" for="node" attr.name="gene_id" attr.type="int"/>',
    '  <key id="seed" for="node" attr.name="is_seed" attr.type="boolean"/>',
    '  <key id="consensus" for="node" attr.name="is_consensus" attr.type="boolean"/>',
    '  <key id="diseases" for="node" attr.name="disease_count" attr.type="int"/>',
    '  <key id="degree" for="node" attr.name="degree" attr.type="int"/>',
    '  <key id="type" for="edge" attr.name="type" attr.type="string"/>',
    '  <key id="method" for="edge" attr.name="method" attr.type="string"/>',
    `  <graph id="G" edgedefault="undirected">`,
    `    <desc>${xmlEscape(description)}</desc>`,
  ];
  for (const n of nodes) {
    lines.push(
      `    <node id="g${n.geneId}"><data key="symbol">${xmlEscape(n.symbol)}</data><data key="geneId">${n.geneId}</data>` +
        `<data key="seed">${n.isSeed}</data><data key="consensus">${n.isConsensus}</data>` +
        `<data key="diseases">${n.diseaseCount}</data><data key="degree">${n.degree}</data></node>`,
    );
  }
  edges.forEach((e, i) => {
    lines.push(
      `    <edge id="e${i}" source="g${e.source}" target="g${e.target}"><data key="type">${xmlEscape(e.type)}</data>` +
        `<data key="method">${xmlEscape(e.method)}</data></edge>`,
    );
  });
  lines.push("  </graph>", "</graphml>", "");
  return lines.join("\n");
}
