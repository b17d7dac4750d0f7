import { EntitySearchPage } from "../../components/entity-search/EntitySearchPage";
import { geneSearch } from "./gene.definition";

export default function GeneSearchPage() {
  return <EntitySearchPage definition={geneSearch} />;
}
