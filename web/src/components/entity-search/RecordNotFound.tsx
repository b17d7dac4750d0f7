import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import type { SearchType } from "../../gql/graphql";
import { graphqlEnum } from "../../lib/graphqlEnum";
import { type SuggestionScope, suggestionRecordAddress } from "../../lib/searchSuggest";
import { autocompleteQuery } from "../searchBox.queries";
import "./recordNotFound.css";

/** How many of the nearest records an unknown address lists. */
const NEAREST_LIMIT = 8;

/**
 * A record page whose address names no record (the gateway answers it 404): what was asked for, the
 * nearest records by the search box's suggestions, and the way to the search screen.
 */
export function RecordNotFound({
  scope,
  identifier,
  noun,
}: {
  /** Whose suggestions are the nearest records; none for a kind the search box does not suggest. */
  scope: SuggestionScope | null;
  identifier: string;
  noun: string;
}) {
  const term = identifier.trim();
  const nearest = useQuery(autocompleteQuery, {
    variables: { q: term, type: graphqlEnum<SearchType>(scope ?? "all"), limit: NEAREST_LIMIT },
    skip: scope === null || term.length < 2,
  });
  const links = new Map<string, string>();
  for (const suggestion of nearest.data?.autocomplete ?? []) {
    const address = suggestionRecordAddress(suggestion);
    if (address && !links.has(address)) links.set(address, suggestion.text);
  }
  return (
    <div className="page page-narrow record-not-found" data-testid="not-found">
      <h1>
        No {noun} “{identifier}”
      </h1>
      <p>
        This release has no {noun} at this address. Its identifier may be mistyped, or the {noun} may not be
        in this release.
      </p>
      {links.size > 0 && (
        <section aria-labelledby="nearest-records">
          <h2 id="nearest-records">Nearest matches</h2>
          <ul className="nearest-records" data-testid="nearest-records">
            {[...links].map(([address, text]) => (
              <li key={address}>
                <Link to={address}>{text}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        {scope && (
          <>
            <Link to={`/${scope}-search?q=${encodeURIComponent(term)}`} className="btn btn-primary">
              Search for “{term}”
            </Link>{" "}
          </>
        )}
        <Link to="/" className="btn btn-secondary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
