import { ApolloProvider } from "@apollo/client/react";
import { useEffect, useState } from "react";
import type { createBrowserRouter } from "react-router-dom";
import { RouterProvider } from "react-router-dom";
import { createApolloClient } from "./apollo";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Set once the app has rendered: from then on the page reacts to input (browser tests wait for it). */
export const APP_READY_ATTRIBUTE = "data-app-ready";

export function App({ router }: { router: AppRouter }) {
  const [client] = useState(createApolloClient);
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "true"), []);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
