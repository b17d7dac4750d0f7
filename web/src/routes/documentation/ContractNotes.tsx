/**
 * Where spec 2 is ambiguous, the choice the API made (what a legacy client would expect), one sentence
 * each. The gateway's parameter descriptions and the OpenAPI document say the same.
 */
const NOTES: { id: string; text: string }[] = [
  {
    id: "chapters",
    text: "The ICD-11 chapter list holds only numeric chapters with at least 5 diseases and 5 genes, sorted by gene count (most first); every chapter it lists opens.",
  },
  {
    id: "chapter-membership",
    text: "A disease's ICD-11 chapter is the one derived at import for its Disease Ontology term (the ICD-11 Chapter column of diseases.csv); the chapter explorer counts the same diseases, with or without an OMIM id.",
  },
  {
    id: "integers",
    text: "Whole-number parameters (ids, page, region_id, minStudies, ...) must fit 32 bits (at most 2147483647); anything else is a 400 with a plain message such as 'page is out of range (at most 2147483647)' or 'Invalid gene id'.",
  },
  {
    id: "not-found",
    text: "A disease search that matches nothing is a 404 'No diseases found'; an unknown localization (compartment) is a 400 listing the valid ones.",
  },
  {
    id: "paper-title",
    text: "A study's paperTitle is its article title, or its study name when the title is unknown, in every endpoint.",
  },
  {
    id: "paper-search",
    text: "paper/search returns every card's genes and mutations pages at the defaults; pageSize × (genesPageSize + mutationsPageSize) may be at most 400, and a larger request is a 400 naming that bound.",
  },
  {
    id: "frequency",
    text: "Compartment frequency bands keep the spec's labels: '>10' means more than ten papers, and exactly ten falls in '4-9'.",
  },
  {
    id: "counter",
    text: "The API counter's total_calls is the sum of the counts it lists; the counter endpoint's own calls are in neither.",
  },
  {
    id: "region-1",
    text: "region_id=1 (Brain) means the whole brain: its heatmap row, its CSV and the whole dataset's region-1 rows count every region.",
  },
  {
    id: "fields",
    text: "OMIM tab rows carry EntrezGeneID (the gene's NCBI id) and disease gene rows carry papers (the number of distinct PMIDs reporting the gene).",
  },
];

/** The documentation page's "Contract notes": the API's choices where the spec is ambiguous. */
export function ContractNotes() {
  return (
    <section className="notice-box" aria-labelledby="contract-notes-heading" data-testid="contract-notes">
      <h2 id="contract-notes-heading">Contract notes</h2>
      <ul>
        {NOTES.map((note) => (
          <li key={note.id} data-note={note.id}>
            {note.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
