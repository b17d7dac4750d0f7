/**
 * Monaco's web workers, bundled by Vite (`?worker`) and served from this origin, so
 * the explorer loads nothing from a CDN and needs only `worker-src 'self'`.
 * Imported by the explorer screen before GraphiQL creates its editors.
 */
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker.js?worker";
import JsonWorker from "monaco-editor/esm/vs/language/json/json.worker.js?worker";
import GraphQLWorker from "monaco-graphql/esm/graphql.worker.js?worker";

const global = globalThis as typeof globalThis & {
  MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
};

global.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === "json") return new JsonWorker();
    if (label === "graphql") return new GraphQLWorker();
    return new EditorWorker();
  },
};
