import { useEffect, useRef, useState } from "react";
import type { AnalyzeGeneListQuery } from "../../gql/graphql";
import { type AnalysisState, fromFragment } from "./permalink";

export type Analysis = AnalyzeGeneListQuery["analyzeGeneList"];

/** The body of POST /api/analyze for an analysis (also what its download and API buttons send). */
export function analysisRequestBody(state: AnalysisState): string {
  return JSON.stringify({
    identifiers: state.list,
    background: state.background,
    ...(state.background === "custom" ? { backgroundIdentifiers: state.backgroundList } : {}),
  });
}

/** POST /api/analyze: the analysis, or an error with the API's message. */
async function postAnalysis(state: AnalysisState): Promise<Analysis> {
  const response = await fetch("/api/analyze", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: analysisRequestBody(state),
  });
  const body = (await response.json()) as { success: boolean; message: string; data?: Analysis };
  if (!response.ok || !body.success || !body.data) throw new Error(body.message || `HTTP ${response.status}`);
  return body.data;
}

/**
 * The analysis a permalink fragment names (the fragment is the analysis: a permalink, or a reload,
 * runs it again). `onState` hears the fragment's list and background before the analysis runs (to fill
 * the form), `onResult` just before its answer is shown; an answer for a fragment left meanwhile is
 * dropped. It is POST /api/analyze: its body may hold a list of 5,000 identifiers (1 MiB), /graphql's
 * only 64 KiB.
 */
export function useFragmentAnalysis(
  fragment: string,
  on: { state: (state: AnalysisState) => void; result: () => void },
) {
  const [ran, setRan] = useState<AnalysisState | null>(null);
  const [result, setResult] = useState<Analysis | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The handlers of the latest render, so that only the fragment starts an analysis.
  const handlers = useRef(on);
  handlers.current = on;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const state = await fromFragment(fragment);
      if (cancelled || !state) return;
      handlers.current.state(state);
      setRan(state);
      setLoading(true);
      setError(null);
      try {
        const analysis = await postAnalysis(state);
        if (cancelled) return;
        setResult(analysis);
        handlers.current.result();
      } catch (e) {
        if (!cancelled) {
          setResult(null);
          setError((e as Error).message);
        }
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [fragment]);

  return { ran, result, loading, error };
}
