import { EntitySearchPage } from "../../components/entity-search/EntitySearchPage";
import { paperSearch } from "./paper.definition";

export default function PaperSearchPage() {
  return <EntitySearchPage definition={paperSearch} />;
}
