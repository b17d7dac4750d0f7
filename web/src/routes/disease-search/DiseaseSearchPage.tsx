import { EntitySearchPage } from "../../components/entity-search/EntitySearchPage";
import { diseaseSearch } from "./disease.definition";

export default function DiseaseSearchPage() {
  return <EntitySearchPage definition={diseaseSearch} />;
}
